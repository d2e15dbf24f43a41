// My Approved (GET /api/swps/user-deployed-swps, client-side) and All Approved (server
// paged, default deployDate descending): Part Number, Submitted, Deployed, Operators
// Signed (a link when > 0 opening the 'Operators Signed' modal).
import { useState } from 'react';
import { Input, Space, Spin, Typography } from 'antd';
import { formatDate, OperatorsSignedModal, PagedTable } from '@plantdoc/kit';
import { searchRows } from '../lib';
import { swpSignedOps, useUserDeployedSwps } from '../api';
import { PartLink } from '../components/ListTools';
import { SwpViewer, useSwpView } from '../components/SwpViewer';
import { DeployedTable } from '../components/DeployedTable';

export const APPROVED_SORT = { by: 'deployDate.timestamp', order: 'desc' };

function useColumns(onOpen, onSigned, serverSorted) {
  return [
    {
      title: 'Part Number',
      key: 'partNumber',
      dataIndex: 'partNumber',
      sortKey: serverSorted ? 'partNumber' : undefined,
      render: (_, r) => <PartLink swp={r} onOpen={onOpen} />,
    },
    {
      title: 'Submitted',
      key: 'submitted',
      dataIndex: ['uploadDate', 'timestamp'],
      sortKey: serverSorted ? 'uploadDate.timestamp' : undefined,
      render: (_, r) => formatDate(r.uploadDate),
    },
    {
      title: 'Deployed',
      key: 'deployed',
      dataIndex: ['deployDate', 'timestamp'],
      sortKey: serverSorted ? 'deployDate.timestamp' : undefined,
      render: (_, r) => formatDate(r.deployDate),
    },
    {
      title: 'Operators Signed',
      key: 'signed',
      dataIndex: 'opsSigned',
      sortValue: (r) => (r.opsSigned || []).length,
      render: (_, r) => {
        const n = (r.opsSigned || []).length;
        return n > 0 ? (
          <Typography.Link onClick={() => onSigned(r)} data-testid="signed-link">
            {n}
          </Typography.Link>
        ) : (
          n
        );
      },
    },
  ];
}

/** My Approved: my deployed SWPs, searched and paged here. */
function MyApproved({ columns }) {
  const [term, setTerm] = useState('');
  const query = useUserDeployedSwps();
  const rows = query.isError ? [] : query.data ?? null;
  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          Approved
        </Typography.Title>
        <Input.Search allowClear placeholder="Search" value={term} onChange={(e) => setTerm(e.target.value)} style={{ width: 260 }} />
      </Space>
      {rows === null ? (
        <Spin />
      ) : (
        <PagedTable columns={columns} dataSource={searchRows(rows, term)} locale={{ emptyText: 'No records found' }} />
      )}
    </div>
  );
}

export function ApprovedTab({ mine = false }) {
  const view = useSwpView();
  const viewing = Boolean(view.id);
  const [signed, setSigned] = useState(null);
  const columns = useColumns(view.open, setSigned, !mine);

  // The list stays mounted under the viewer so it keeps its page and search.
  const viewer = viewing && <SwpViewer view={view} />;
  return (
    <div>
      {viewer}
      <div style={{ display: viewing ? 'none' : undefined }}>
        {mine ? <MyApproved columns={columns} /> : <DeployedTable title="Deployed" columns={columns} defaultSort={APPROVED_SORT} />}
      </div>
      <OperatorsSignedModal open={!!signed} source={signed ? swpSignedOps(signed._id) : undefined} onClose={() => setSigned(null)} />
    </div>
  );
}
