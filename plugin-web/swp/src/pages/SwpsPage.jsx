// SWPs: seven tabs (spec "SWPs page tabs"). A list tab reloads each time it is shown;
// the tab is in the URL (?tab=my-pending; Browse has none), so reload, Back and a shared
// link land on it; 'Back to SWPs' (a navigation to /main/swps) starts over on Browse.
import { Suspense, lazy, useState } from 'react';
import { Spin } from 'antd';
import { useLocation, useSearchParams } from 'react-router';
import { k, TabbedPage, tabSlug, useSession, useT } from '@plantdoc/kit';
import { mayUpload } from '../lib';
import { BrowseTab } from '../tabs/BrowseTab';

// Browse comes with the page; every other tab is its own chunk, loaded when first shown
// (the upload form and the approval lists are not downloaded to show Browse).
const tab = (load, name) => lazy(() => load().then((m) => ({ default: m[name] })));
const PendingTab = tab(() => import('../tabs/PendingTab'), 'PendingTab');
const ApprovedTab = tab(() => import('../tabs/ApprovedTab'), 'ApprovedTab');
const HistoryTab = tab(() => import('../tabs/HistoryTab'), 'HistoryTab');
const UploadTab = tab(() => import('../tabs/UploadTab'), 'UploadTab');
const loading = <Spin style={{ display: 'block', padding: 48 }} />;

export const SWP_TABS = [k('Browse'), k('My Pending'), k('All Pending'), k('My Approved'), k('All Approved'), k('Verification History'), k('Upload')];

const CONTENT = {
  Browse: () => <BrowseTab />,
  'My Pending': () => <PendingTab mine />,
  'All Pending': () => <PendingTab />,
  'My Approved': () => <ApprovedTab mine />,
  'All Approved': () => <ApprovedTab />,
  'Verification History': () => <HistoryTab />,
  Upload: () => <UploadTab />,
};

function Tabs() {
  const t = useT('swp');
  const [visits, setVisits] = useState({});
  const [params, setParams] = useSearchParams();
  // The Upload tab only for those who may upload (process engineers and managers).
  const tabs = mayUpload(useSession().user) ? SWP_TABS : SWP_TABS.filter((l) => l !== 'Upload');
  const active = tabs.find((label) => tabSlug(label) === params.get('tab')) || 'Browse';
  const show = (key) => {
    setVisits((v) => ({ ...v, [key]: (v[key] || 0) + 1 }));
    setParams(key === 'Browse' ? {} : { tab: tabSlug(key) }); // a new tab closes any open viewer
  };
  return (
    <TabbedPage
      activeKey={active}
      onChange={show}
      tabs={tabs.map((label) => ({
        key: label,
        label: t(label),
        // Upload keeps its state across tab switches; the lists reload when shown again.
        children: (
          <div key={label === 'Upload' ? 'upload' : visits[label] || 0}>
            <Suspense fallback={loading}>{CONTENT[label]()}</Suspense>
          </div>
        ),
      }))}
    />
  );
}

export function SwpsPage() {
  const location = useLocation();
  // 'Back to SWPs' (navigation state `reset`) starts over; a tab change keeps the page's state.
  return <Tabs key={location.state?.reset ?? 'page'} />;
}
