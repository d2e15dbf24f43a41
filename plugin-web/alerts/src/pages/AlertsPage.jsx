// Alerts: six tabs (spec "Alerts page tabs"). The tab and the alert open in the detail
// view live in the URL (?tab=…&alert=…), so reload and Back work.
import { useSearchParams } from 'react-router';
import { TabbedPage } from '@plantdoc/kit';
import { AlertList } from '../tabs/AlertList';
import { UploadTab } from '../tabs/UploadTab';

export const ALERT_TABS = ['Browse', 'My Pending', 'All Pending', 'My Approved', 'All Approved', 'Upload'];

/** What each list tab reads (spec section 7) and shows when empty (spec section 2). */
export const LISTS = {
  Browse: { path: 'deployed', kind: 'deployed', empty: 'noDeployed' },
  'My Pending': { path: 'user-pending-alerts', kind: 'pending', mine: true, empty: 'noPending' },
  'All Pending': { path: 'user-pending-alerts', kind: 'pending', empty: 'noPending' },
  'My Approved': { path: 'user-deployed-alerts', kind: 'deployed', mine: true, empty: 'noneApproved' },
  'All Approved': { path: 'user-deployed-alerts', kind: 'deployed', empty: 'noDeployed' },
};

export function AlertsPage() {
  const [params, setParams] = useSearchParams();
  const tab = ALERT_TABS.includes(params.get('tab')) ? params.get('tab') : 'Browse';
  const open = params.get('alert');
  const go = (next) => setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v)));
  return (
    <TabbedPage
      activeKey={tab}
      onChange={(key) => go({ tab: key })}
      tabs={ALERT_TABS.map((label) => ({
        key: label,
        label,
        children:
          label === tab ? (
            label === 'Upload' ? (
              <UploadTab />
            ) : (
              <AlertList {...LISTS[label]} openId={open} onOpen={(id) => go({ tab, alert: id })} onBack={() => go({ tab })} />
            )
          ) : null,
      }))}
    />
  );
}
