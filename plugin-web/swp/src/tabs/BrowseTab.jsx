// Browse: every deployed SWP, paged by the server, default sort part number ascending;
// row checkboxes with bulk delete (the deployed dialog); a part number opens the viewer,
// 'Details' the part search page's details (zones Edit). 'Search in documents' (decision 73)
// searches the documents' text instead (components/TextSearch, its own chunk).
import { Suspense, lazy } from 'react';
import { Segmented, Space, Spin } from 'antd';
import { useSearchParams } from 'react-router';
import { formatDate, useT } from '@plantdoc/kit';
import { ownerName, revisionText, zonesText } from '../lib';
import { DeployedTable } from '../components/DeployedTable';
import { DetailsLink, PartLink } from '../components/ListTools';
import { SwpViewer, useSwpView } from '../components/SwpViewer';

const TextSearch = lazy(() => import('../components/TextSearch'));

export const BROWSE_SORT = { by: 'partNumber', order: 'asc' };

const columns = (onOpen, t) => [
  {
    title: t('Part Number'),
    key: 'partNumber',
    dataIndex: 'partNumber',
    sortKey: 'partNumber',
    render: (_, r) => (
      <Space size="middle">
        <PartLink swp={r} onOpen={onOpen} />
        <DetailsLink partNumber={r.partNumber} />
      </Space>
    ),
  },
  { title: t('Deployed'), key: 'deployed', render: (_, r) => formatDate(r.deployDate), sortKey: 'deployDate.timestamp' },
  { title: t('Revision'), key: 'revision', render: (_, r) => t(revisionText(r.revision)) },
  { title: t('Uploader'), key: 'uploader', render: (_, r) => ownerName(r), sortKey: 'owner.firstname' },
  { title: t('Creator'), key: 'creator', render: () => <span style={{ color: '#595959' }}>—</span> },
  { title: t('Zones'), key: 'zones', render: (_, r) => zonesText(r.zones) },
  { title: t('Changes'), key: 'changes', dataIndex: 'changes' },
];

export function BrowseTab() {
  const t = useT('swp');
  const view = useSwpView();
  const [params, setParams] = useSearchParams();
  const documents = params.get('mode') === 'documents';
  const setMode = (m) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (m === 'documents') next.set('mode', m);
      else for (const k of ['mode', 'text', 'tpage']) next.delete(k);
      return next;
    });
  // The table stays mounted under the viewer so it keeps its page and search.
  return (
    <div>
      {view.id && <SwpViewer view={view} />}
      <div style={{ display: view.id ? 'none' : undefined }}>
        <Segmented
          aria-label={t('Browse by')}
          style={{ marginBottom: 12 }}
          value={documents ? 'documents' : 'parts'}
          onChange={setMode}
          options={[
            { label: t('Part numbers'), value: 'parts' },
            { label: t('Search in documents'), value: 'documents' },
          ]}
        />
        {documents ? (
          <Suspense fallback={<Spin style={{ display: 'block', padding: 48 }} />}>
            <TextSearch onOpen={view.open} />
          </Suspense>
        ) : (
          <DeployedTable columns={columns(view.open, t)} defaultSort={BROWSE_SORT} selectable />
        )}
      </div>
    </div>
  );
}
