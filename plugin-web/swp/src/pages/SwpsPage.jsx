// SWPs: seven tabs (spec "SWPs page tabs"); their screens come with the SWP issue.
import { TabbedPage } from '@plantdoc/kit';

export const SWP_TABS = ['Browse', 'My Pending', 'All Pending', 'My Approved', 'All Approved', 'Verification History', 'Upload'];

export function SwpsPage() {
  return <TabbedPage tabs={SWP_TABS.map((label) => ({ key: label, label }))} />;
}
