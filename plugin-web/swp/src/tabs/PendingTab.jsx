// My Pending (GET /api/swps/user-pending-swps) and All Pending (GET /api/swps/pending-swps):
// 'Pending Approval', client-side search over all row values, sorting, paging, the viewer
// on a part number, and bulk delete of selected rows (the pending dialog).
import { useState } from 'react';
import { Input, Space, Spin, Typography } from 'antd';
import { formatDate, PagedTable, useSession } from '@plantdoc/kit';
import { deleteSelection, searchRows } from '../lib';
import { usePendingSwps, useUserPendingSwps } from '../api';
import { DeleteSelected, PartLink, StageCell } from '../components/ListTools';
import { SwpViewer, useSwpView } from '../components/SwpViewer';

const stage = (key, title) => ({
  title,
  key,
  dataIndex: ['approvals', key, 'status'],
  render: (_, r) => <StageCell stage={r.approvals?.[key]} />,
});

function PendingList({ query }) {
  const [term, setTerm] = useState('');
  const [selected, setSelected] = useState([]);
  const view = useSwpView();
  const rows = query.isError ? [] : query.data ?? null;
  const { user } = useSession();
  const selection = deleteSelection(user, rows, selected, setSelected);

  if (view.id) return <SwpViewer view={view} known={rows?.find((r) => r._id === view.id)} />;

  const columns = [
    { title: 'Part Number', key: 'partNumber', dataIndex: 'partNumber', render: (_, r) => <PartLink swp={r} onOpen={view.open} /> },
    { title: 'Submitted', key: 'submitted', dataIndex: ['uploadDate', 'timestamp'], render: (_, r) => formatDate(r.uploadDate) },
    stage('process', 'Process'),
    stage('quality', 'Quality'),
    stage('production', 'Production'),
  ];

  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          Pending Approval
        </Typography.Title>
        <Space>
          <Input.Search allowClear placeholder="Search" value={term} onChange={(e) => setTerm(e.target.value)} style={{ width: 260 }} />
          {selection && <DeleteSelected kind="pending" selected={selected} onDeleted={() => setSelected([])} />}
        </Space>
      </Space>
      {rows === null ? (
        <Spin />
      ) : (
        // Empty: 'No records found', the same way on every tab.
        <PagedTable
          locale={{ emptyText: 'No records found' }}
          columns={columns}
          dataSource={searchRows(rows, term)}
          rowSelection={selection || undefined}
        />
      )}
    </div>
  );
}

// One hook per call: My Pending and All Pending each read their own list.
const MinePending = () => <PendingList query={useUserPendingSwps()} />;
const AllPending = () => <PendingList query={usePendingSwps()} />;

export function PendingTab({ mine = false }) {
  return mine ? <MinePending /> : <AllPending />;
}
