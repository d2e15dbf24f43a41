// 'Operators Signed': who signed a document. Give it the list (`operators`) or a GET path
// (`source`, e.g. /api/swps/signed-ops/{id}) whose answer holds opList.opsSigned.
import { useEffect, useState } from 'react';
import { Button, Modal, Table } from 'antd';
import { api } from './api';
import { formatDate } from './date';

function signedList(body) {
  const list = body?.opList?.opsSigned ?? body?.opsSigned ?? body;
  return Array.isArray(list) ? list : [];
}

// One operator may sign more than once: the row key carries the position too.
const keyed = (rows) => rows.map((r, i) => ({ ...r, rowKey: `${r.op?._id ?? r.op?.opNo ?? ''}-${i}` }));

const columns = [
  {
    title: 'Name',
    key: 'name',
    render: (_, r) => (
      <span>
        <span style={{ color: '#888', marginRight: 8 }}>{r.op?.opNo}</span>
        {r.op?.fullName}
      </span>
    ),
  },
  { title: 'Signed', key: 'signed', render: (_, r) => formatDate(r.dateSigned) },
];

export function OperatorsSignedModal({ open, onClose, operators, source }) {
  const [loaded, setLoaded] = useState({ source: null, rows: [], loading: false });

  useEffect(() => {
    if (!open || !source || operators) return undefined;
    let live = true;
    setLoaded({ source, rows: [], loading: true });
    api
      .get(source)
      .then((body) => live && setLoaded({ source, rows: signedList(body), loading: false }))
      .catch(() => live && setLoaded({ source, rows: [], loading: false }));
    return () => {
      live = false;
    };
  }, [open, source, operators]);

  const rows = keyed(operators || loaded.rows);
  return (
    <Modal
      open={open}
      title="Operators Signed"
      width={600}
      onCancel={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <div data-testid="operators-signed-list" style={{ height: 400, overflowY: 'auto' }}>
        <Table
          size="small"
          columns={columns}
          dataSource={rows}
          loading={!operators && loaded.loading}
          rowKey="rowKey"
          pagination={false}
          sticky
        />
      </div>
    </Modal>
  );
}
