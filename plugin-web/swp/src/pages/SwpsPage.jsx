// SWPs: seven tabs (spec "SWPs page tabs"). A list tab reloads each time it is shown;
// 'Back to SWPs' (a navigation to this page) starts over on Browse.
import { useState } from 'react';
import { useLocation } from 'react-router';
import { TabbedPage } from '@plantdoc/kit';
import { BrowseTab } from '../tabs/BrowseTab';
import { PendingTab } from '../tabs/PendingTab';
import { ApprovedTab } from '../tabs/ApprovedTab';
import { HistoryTab } from '../tabs/HistoryTab';
import { UploadTab } from '../tabs/UploadTab';

export const SWP_TABS = ['Browse', 'My Pending', 'All Pending', 'My Approved', 'All Approved', 'Verification History', 'Upload'];

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
  const [visits, setVisits] = useState({});
  return (
    <TabbedPage
      defaultActiveKey="Browse"
      onChange={(key) => setVisits((v) => ({ ...v, [key]: (v[key] || 0) + 1 }))}
      tabs={SWP_TABS.map((label) => ({
        key: label,
        label,
        // Upload keeps its state across tab switches; the lists reload when shown again.
        children: <div key={label === 'Upload' ? 'upload' : visits[label] || 0}>{CONTENT[label]()}</div>,
      }))}
    />
  );
}

export function SwpsPage() {
  const location = useLocation();
  return <Tabs key={location.key} />;
}
