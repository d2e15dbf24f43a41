// One list tab: Browse, My/All Pending, My/All Approved. Columns per spec section 2,
// default sort uploadDate descending, paging 5/10/25 (default 10), selection with the
// delete dialog (pending or deployed text), the detail view on the alert tag, and the
// tab's empty text (also when the list fails to load, spec section 8). Page, page size and
// sort live in the address (?page=&size=&sort=&order=, issue 26): reload, Back and the
// way back from the detail view restore them.
import { useState } from 'react';
import { Button, Space, Spin, Typography } from 'antd';
import { DEFAULT_PAGE_SIZE, DeleteDialog, formatDate, PagedTable, useSession, useUrlState } from '@plantdoc/kit';
import { issuer, statusColor, TEXTS, uploadTime } from '../lib';
import { useAlertList, useDeleteAlerts } from '../api';
import { AlertDetail } from '../components/AlertDetail';

const Status = ({ status }) => <span style={{ color: statusColor(status), fontWeight: 500 }}>{status}</span>;

function columns(kind, onOpen) {
  const cols = [
    {
      title: 'ID',
      key: 'alertTag',
      dataIndex: 'alertTag',
      render: (tag, r) => (
        <Typography.Link onClick={() => onOpen(r._id)} data-testid="alert-link">
          {tag}
        </Typography.Link>
      ),
    },
    { title: 'Type', key: 'alertType', dataIndex: 'alertType' },
    { title: 'Part', key: 'partNumber', dataIndex: 'partNumber' },
    { title: 'Uploaded', key: 'uploadDate', dataIndex: ['uploadDate', 'timestamp'], defaultSortOrder: 'descend', render: (_, r) => formatDate(uploadTime(r)) },
    { title: 'Issuer', key: 'issuer', dataIndex: ['onBehalfOf', 'name'], render: (_, r) => issuer(r) },
  ];
  if (kind === 'pending') {
    return [
      ...cols,
      { title: 'Engineer', key: 'engineer', dataIndex: ['approvals', 'engineer', 'status'], render: (s) => <Status status={s} /> },
      { title: 'Manager', key: 'manager', dataIndex: ['approvals', 'manager', 'status'], render: (s) => <Status status={s} /> },
    ];
  }
  return [
    ...cols,
    { title: 'Deployed', key: 'deployedDate', dataIndex: 'deployedDate', render: (d) => formatDate(d) },
    { title: 'Sunset', key: 'sunset', dataIndex: ['sunsetDate', 'date'], render: (d) => formatDate(d) },
    { title: 'Zones', key: 'zones', dataIndex: 'zones', render: (z) => (z || []).join(', ') },
    { title: 'Status', key: 'status', dataIndex: 'status' },
    { title: 'Operators Signed', key: 'opSigned', dataIndex: 'opSigned', sortValue: (r) => (r.opSigned || []).length, render: (l) => (l || []).length },
  ];
}

export const LIST_STATE = { page: 1, size: DEFAULT_PAGE_SIZE, sort: 'uploadDate', order: 'descend' };
const ORDERS = ['ascend', 'descend'];

/** The columns with the address's sort (controlled: `sortOrder` on each column). */
export function sortedColumns(cols, { sort, order }) {
  return cols.map(({ defaultSortOrder, ...c }) => ({ ...c, sortOrder: c.key === sort && ORDERS.includes(order) ? order : null }));
}

/** The list's state from the table's change: a page, a page size or a sort. */
export function listChange(pagination, sorter, action, size) {
  if (action === 'sort') return { sort: sorter?.order ? sorter.columnKey : 'none', order: sorter?.order || null, page: 1 };
  if (pagination.pageSize !== size) return { size: pagination.pageSize, page: 1 };
  return { page: pagination.current };
}

/** Only authors and managers may delete (the server checks too): others see no selection. */
function canDelete(user, row) {
  return Boolean(row.mine) || user?.position === 'manager';
}

export function AlertList({ path, kind, mine = false, empty, openId, onOpen, onBack }) {
  const query = useAlertList(path);
  const user = useSession()?.user;
  const [selected, setSelected] = useState([]);
  const [confirming, setConfirming] = useState(false);
  const [state, setState] = useUrlState(LIST_STATE);
  const remove = useDeleteAlerts(kind);
  const all = query.isError ? [] : query.data ?? null;
  const rows = all && (mine ? all.filter((r) => r.mine) : all);

  if (openId) return <AlertDetail id={openId} alert={(all || []).find((r) => r._id === openId)} onBack={onBack} />;
  if (rows === null) return <Spin />;
  if (rows.length === 0) return <Typography.Paragraph data-testid="empty">{TEXTS[empty]}</Typography.Paragraph>;

  const deletable = rows.some((r) => canDelete(user, r));
  const confirm = () =>
    remove.mutate(selected, {
      onSuccess: () => setSelected([]),
      onSettled: () => setConfirming(false),
    });
  return (
    <div>
      {deletable && (
        <Space style={{ marginBottom: 12 }}>
          <Button danger disabled={!selected.length} onClick={() => setConfirming(true)}>
            Delete{selected.length ? ` (${selected.length})` : ''}
          </Button>
          <DeleteDialog open={confirming} kind={kind} confirming={remove.isPending} onCancel={() => setConfirming(false)} onConfirm={confirm} />
        </Space>
      )}
      <PagedTable
        columns={sortedColumns(columns(kind, onOpen), state)}
        dataSource={rows}
        pagination={{ current: state.page, pageSize: state.size }}
        onChange={(pagination, _filters, sorter, extra) => setState(listChange(pagination, sorter, extra?.action, state.size))}
        rowSelection={
          deletable
            ? { selectedRowKeys: selected, onChange: setSelected, getCheckboxProps: (r) => ({ disabled: !canDelete(user, r), 'aria-label': `Select ${r.alertTag}` }) }
            : undefined
        }
      />
    </div>
  );
}
