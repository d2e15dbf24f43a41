// Alerts: six tabs (spec "Alerts page tabs"); their screens come with the alerts issue.
import { TabbedPage } from '@plantdoc/kit';

export const ALERT_TABS = ['Browse', 'My Pending', 'All Pending', 'My Approved', 'All Approved', 'Upload'];

export function AlertsPage() {
  return <TabbedPage tabs={ALERT_TABS.map((label) => ({ key: label, label }))} />;
}
