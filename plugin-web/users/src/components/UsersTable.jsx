// Manage Users: every active user, by full name ascending, 25 rows a page (5, 10, 25);
// a column sorted descending flips back to ascending. Page, size, sort, the search and
// the position filter live in the URL (userFilters.jsx). Row selection opens the delete dialog; the signed-in manager's own row cannot be
// selected (nobody deletes themself).
import { useState } from 'react';
import { Alert, Button, Space, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { AA_TOKENS, PagedTable, useSession, useT } from '@plantdoc/kit';
import { useDeleteUser, useUsers } from '../api';
import { DEPARTMENTS, POSITIONS, labelOf } from './UserForm';
import { DeleteUsersDialog } from './DeleteUsersDialog';
import { UserFilters, adminColumns, filterUsers } from './userFilters';

export const USERS_PAGE_SIZE = 25;
const SORTABLE = ['fullName', 'email', 'companyCode', 'department', 'position'];
// ascend → descend → ascend: never unsorted.
const DIRECTIONS = ['ascend', 'descend', 'ascend'];

function useTableState() {
  const [params, setParams] = useSearchParams();
  const [field, order] = (params.get('sort') || 'fullName.ascend').split('.');
  const sort = { field: SORTABLE.includes(field) ? field : 'fullName', order: order === 'descend' ? 'descend' : 'ascend' };
  const size = [5, 10, 25].includes(Number(params.get('size'))) ? Number(params.get('size')) : USERS_PAGE_SIZE;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filters = { q: params.get('q') || '', position: params.get('position') || '' };
  const update = (next) =>
    setParams((p) => {
      const q = new URLSearchParams(p);
      for (const [k, v] of Object.entries(next)) {
        if (v === '') q.delete(k);
        else q.set(k, String(v));
      }
      return q;
    });
  return { sort, size, page, filters, update };
}

// The table shows departments and positions as they are stored, in lower case.
const lower = (t, words) => (v) => (words[v] ? labelOf(t, words, v).toLowerCase() : v);

export function UsersTable() {
  const t = useT('users');
  const { user: me } = useSession();
  const users = useUsers();
  const remove = useDeleteUser();
  const { sort, size, page, filters, update } = useTableState();
  const [selected, setSelected] = useState([]);
  const [confirm, setConfirm] = useState(false);
  const [error, setError] = useState(null);

  const col = (title, dataIndex, render) => ({
    title,
    dataIndex,
    key: dataIndex,
    render,
    sortDirections: DIRECTIONS,
    sortOrder: sort.field === dataIndex ? sort.order : null,
  });
  const columns = [
    col(t('Full Name'), 'fullName', (name, u) => (
      <Link to={`users/${encodeURIComponent(u._id)}`} style={{ color: AA_TOKENS.colorLink }}>
        {name}
      </Link>
    )),
    col(t('Email'), 'email', (email, u) => (u.badgeOnly ? <Typography.Text type="secondary">{t('Badge only')}</Typography.Text> : email)),
    col(t('Company'), 'companyCode', (c) => String(c).toUpperCase()),
    col(t('Department'), 'department', lower(t, DEPARTMENTS)),
    col(t('Position'), 'position', lower(t, POSITIONS)),
    { title: t('Zones'), dataIndex: 'zones', key: 'zones', sortable: false, render: (z) => (z || []).join(', ') },
    ...adminColumns(t),
  ];
  const rows = filterUsers(users.data || [], filters);

  const onDelete = async () => {
    const emails = (users.data || []).filter((u) => selected.includes(u._id)).map((u) => u.email);
    const failed = [];
    for (const email of emails) {
      try {
        await remove.mutateAsync(email);
      } catch (err) {
        failed.push(`${email}: ${err.fields?.email || err.message}`);
      }
    }
    setConfirm(false);
    setSelected([]);
    setError(failed.length ? t('Could not delete {{list}}', { list: failed.join('; ') }) : null);
  };

  if (users.isError) return <Alert type="error" showIcon title={users.error.message} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {error && <Alert type="error" showIcon title={error} closable onClose={() => setError(null)} />}
      <UserFilters t={t} q={filters.q} position={filters.position} set={update} />
      {selected.length > 0 && (
        <Button danger onClick={() => setConfirm(true)}>
          {t('Delete ({{n}})', { n: selected.length })}
        </Button>
      )}
      <PagedTable
        rowKey="_id"
        loading={users.isPending}
        columns={columns}
        dataSource={rows}
        pagination={{ current: page, pageSize: size }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: setSelected,
          getCheckboxProps: (u) => ({ disabled: u._id === me?._id, 'aria-label': t('Select {{name}}', { name: u.fullName }) }),
        }}
        onChange={(p, _filters, sorter, extra) => {
          if (extra?.action === 'sort') {
            update({ sort: `${sorter.field || 'fullName'}.${sorter.order || 'ascend'}`, page: 1 });
          } else {
            update({ page: p.current, size: p.pageSize });
          }
        }}
      />
      <DeleteUsersDialog
        open={confirm}
        users={(users.data || []).filter((u) => selected.includes(u._id))}
        confirming={remove.isPending}
        onCancel={() => setConfirm(false)}
        onConfirm={onDelete}
      />
    </Space>
  );
}
