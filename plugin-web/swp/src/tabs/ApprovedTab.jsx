// My Approved (GET /api/swps/user-deployed-swps, client-side) and All Approved (server
// paged, default deployDate descending): Part Number, Submitted, Deployed, Operators
// Signed (a link when > 0 opening the 'Operators Signed' modal).
import { useEffect, useState } from 'react';
import { Input, Space, Spin, Typography } from 'antd';
import { api, formatDate, OperatorsSignedModal, PagedTable } from '@plantdoc/kit';
import { searchRows } from '../lib';
import { PartLink } from '../components/ListTools';
import { SwpViewer } from '../components/SwpViewer';
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

export function ApprovedTab({ mine = false }) {
  const [rows, setRows] = useState(null);
  const [term, setTerm] = useState('');
  const [viewing, setViewing] = useState(null);
  const [signed, setSigned] = useState(null);
  const columns = useColumns(setViewing, setSigned, !mine);

  useEffect(() => {
    if (!mine) return undefined;
    let live = true;
    api
      .get('/api/swps/user-deployed-swps')
      .then((body) => live && setRows(Array.isArray(body) ? body : []))
      .catch((err) => {
        console.error('Could not load the approved SWPs', err);
        if (live) setRows([]);
      });
    return () => {
      live = false;
    };
  }, [mine]);

  const modal = (
    <OperatorsSignedModal
      open={!!signed}
      source={signed ? `/api/swps/signed-ops/${encodeURIComponent(signed._id)}` : undefined}
      onClose={() => setSigned(null)}
    />
  );

  // The list stays mounted under the viewer so All Approved keeps its page and search.
  const viewer = viewing && <SwpViewer swp={viewing} onBack={() => setViewing(null)} />;

  if (!mine) {
    return (
      <div>
        {viewer}
        <div style={{ display: viewing ? 'none' : undefined }}>
          <DeployedTable title="Deployed" columns={columns} defaultSort={APPROVED_SORT} />
        </div>
        {modal}
      </div>
    );
  }

  if (viewer) return viewer;
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
      {modal}
    </div>
  );
}
