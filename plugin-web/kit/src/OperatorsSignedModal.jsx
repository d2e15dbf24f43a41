// 'Operators Signed': who signed a document, when (with the UTC offset) and the meaning
// of the act. Give it the list (`operators`) or its source: a query ({ queryKey, queryFn } from the module's api.js) or a GET path (e.g.
// /api/swps/signed-ops/{id}), whose answer holds opList.opsSigned.
import { useMemo } from 'react';
import { Button, Modal, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import dayjs from 'dayjs';
import { formatDate } from './date';
import { EmptyList } from './EmptyList';
import { useT } from './i18n';

/** A signature's date and time with its UTC offset (decision 69), in the browser's zone:
 *  '2026-03-04 14:05:00 +01:00'; '' if none. Kept out of the kit's core: the kiosk's first
 *  screen downloads the core and never shows it. */
export function formatWithOffset(value) {
  const v = value && typeof value === 'object' ? value.date : value;
  const d = v ? dayjs(v) : null;
  return d && d.isValid() ? d.format('YYYY-MM-DD HH:mm:ss Z') : '';
}

function signedList(body) {
  const list = body?.opList?.opsSigned ?? body?.opsSigned ?? body;
  return Array.isArray(list) ? list : [];
}

// One operator may sign more than once: the row key carries the position too.
const keyed = (rows) => rows.map((r, i) => ({ ...r, rowKey: `${r.op?._id ?? r.op?.opNo ?? ''}-${i}` }));

const columnsIn = (t) => [
  {
    title: t('Name'),
    key: 'name',
    render: (_, r) => (
      <span>
        <span style={{ color: '#595959', marginRight: 8 }}>{r.op?.opNo}</span>
        {r.op?.fullName}
      </span>
    ),
  },
  {
    title: t('Signed'),
    key: 'signed',
    render: (_, r) => (
      <>
        <div>{formatDate(r.dateSigned)}</div>
        <div style={{ color: '#595959', fontSize: 12 }}>{formatWithOffset(r.dateSigned)}</div>
      </>
    ),
  },
  // Decision 69: the meaning of the act and the mode it was given in.
  { title: t('Meaning'), key: 'meaning', render: (_, r) => r.signMeaning && `${r.signMeaning} (${r.signMode})` },
];

function asQuery(source) {
  if (source && typeof source === 'object') return source;
  return { queryKey: ['signed-ops', source ?? null], queryFn: () => api.get(source) };
}

const EMPTY = { emptyText: <EmptyList /> };

export function OperatorsSignedModal({ open, onClose, operators, source }) {
  const query = asQuery(source);
  const loaded = useQuery({
    queryKey: query.queryKey,
    queryFn: query.queryFn,
    select: signedList,
    enabled: Boolean(open && source && !operators),
  });
  const rows = keyed(operators || loaded.data || []);
  const t = useT('kit');
  const columns = useMemo(() => columnsIn(t), [t]);
  return (
    <Modal open={open} title={t('Operators Signed')} width={600} onCancel={onClose} footer={<Button onClick={onClose}>{t('Close')}</Button>}>
      <div data-testid="operators-signed-list" style={{ height: 400, overflowY: 'auto' }}>
        <Table
          size="small"
          columns={columns}
          dataSource={rows}
          loading={!operators && loaded.isFetching}
          rowKey="rowKey"
          pagination={false}
          sticky
          locale={EMPTY}
        />
      </div>
    </Modal>
  );
}
