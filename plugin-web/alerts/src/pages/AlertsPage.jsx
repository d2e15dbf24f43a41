// Alerts: six tabs (spec "Alerts page tabs"). The tab and the alert open in the detail
// view live in the URL (?tab=…&alert=…), so reload and Back work; so does the rejected
// alert a corrected version is filled from (?tab=upload&corrects=…).
import { useSearchParams } from 'react-router';
import { k, TabbedPage, useT } from '@plantdoc/kit';
import { AlertList } from '../tabs/AlertList';
import { UploadTab } from '../tabs/UploadTab';

export const ALERT_TABS = [k('Browse'), k('My Pending'), k('All Pending'), k('My Approved'), k('All Approved'), k('Upload')];
/** The tab's key in the URL and in the tab ids (no spaces: ids must be valid ARIA references). */
export const slug = (label) => label.toLowerCase().replace(/ /g, '-');

/** What each list tab reads (spec section 7) and shows when empty (spec section 2). */
export const LISTS = {
  Browse: { path: 'deployed', kind: 'deployed', empty: 'noDeployed' },
  'My Pending': { path: 'user-pending-alerts', kind: 'pending', mine: true, empty: 'noPending' },
  'All Pending': { path: 'user-pending-alerts', kind: 'pending', empty: 'noPending' },
  'My Approved': { path: 'user-deployed-alerts', kind: 'deployed', mine: true, empty: 'noneApproved' },
  'All Approved': { path: 'user-deployed-alerts', kind: 'deployed', empty: 'noDeployed' },
};

export function AlertsPage() {
  const t = useT('alerts');
  const [params, setParams] = useSearchParams();
  const tab = ALERT_TABS.find((l) => slug(l) === params.get('tab')) || 'Browse';
  const open = params.get('alert');
  const go = (next) => setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v)));
  // Opening an alert and coming back keep the list's page and sort (decision 60).
  const openAlert = (id) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      if (id) n.set('alert', id);
      else n.delete('alert');
      return n;
    });
  return (
    // Keyed by the tab: a URL change (Back, a link) mounts the page on that tab.
    <TabbedPage
      key={tab}
      defaultActiveKey={slug(tab)}
      onChange={(key) => go({ tab: key })}
      tabs={ALERT_TABS.map((label) => ({
        key: slug(label),
        label: t(label),
        children:
          label === tab ? (
            label === 'Upload' ? (
              <UploadTab />
            ) : (
              <AlertList
                {...LISTS[label]}
                openId={open}
                onOpen={openAlert}
                onBack={() => openAlert(null)}
                onCorrect={(r) => go({ tab: slug('Upload'), corrects: r._id })}
              />
            )
          ) : (
            <span />
          ),
      }))}
    />
  );
}
