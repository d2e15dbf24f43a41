// One list tab: Browse, My/All Pending, My/All Approved, on the kit's review list. Columns
// per spec section 2, default sort uploadDate descending, paging 5/10/25 (default 10),
// selection with the delete dialog (pending or deployed text), the detail view on the
// alert tag, and the tab's empty text (also when the list fails to load, spec section 8).
// Page, page size and sort live in the address (?page=&size=&sort=&order=, decision 60):
// reload, Back and the way back from the detail view restore them. Pending lists show each
// alert's state: a rejected one says so, with the rejection, and its authors get 'Submit a
// corrected version' (`onCorrect(row)`: the Upload tab filled from it, decision 65).
import {
  alertColumns,
  countColumn,
  dateColumn,
  DEFAULT_PAGE_SIZE,
  ReviewList,
  stageColumn,
  stateColumn,
  correctionsInReview,
  textColumn,
  useSession,
  useT,
  useUrlState,
} from '@plantdoc/kit';
import { ALERT_TYPES, issuer, mayCorrect, statusColor, statusText, TEXTS } from '../lib';
import { useAlertList, useDeleteAlerts } from '../api';
import { AlertDetail } from '../components/AlertDetail';

/** The kit's alert columns, the type (a value of ALERT_TYPES) shown through `t`. */
const typeShown = (cols, t) => cols.map((c) => (c.key === 'alertType' ? { ...c, render: (v) => (ALERT_TYPES.includes(v) ? t(v) : v) } : c));

function columns(kind, onOpen, correct, t) {
  const cols = [...typeShown(alertColumns({ onOpen: (r) => onOpen(r._id), order: 'descend' }), t), textColumn(t('Issuer'), 'issuer', issuer)];
  if (kind === 'pending')
    return [...cols, stageColumn(t('Engineer'), 'engineer', statusColor), stageColumn(t('Manager'), 'manager', statusColor), stateColumn(correct)];
  return [
    ...cols,
    dateColumn(t('Deployed'), 'deployedDate', (r) => r.deployedDate),
    dateColumn(t('Sunset'), 'sunset', (r) => r.sunsetDate),
    textColumn(t('Zones'), 'zones', (r) => (r.zones || []).join(', ')),
    textColumn(t('Status'), 'status', (r) => t(statusText(r))),
    countColumn(t('Operators Signed'), 'opSigned', (r) => r.opSigned),
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

/** Only authors and managers may delete (the server checks too): others see no checkbox. */
function canDelete(user, row) {
  return Boolean(row.mine) || user?.position === 'manager';
}

export function AlertList({ path, kind, mine = false, empty, openId, onOpen, onBack, onCorrect }) {
  const t = useT('alerts');
  const query = useAlertList(path);
  const user = useSession()?.user;
  const [state, setState] = useUrlState(LIST_STATE);
  const remove = useDeleteAlerts(kind);
  const all = query.isError ? [] : (query.data ?? null);
  const rows = all && (mine ? all.filter((r) => r.mine) : all);

  if (openId) return <AlertDetail id={openId} alert={(all || []).find((r) => r._id === openId)} onBack={onBack} />;
  const deletion = { kind, remove, mayDelete: (r) => canDelete(user, r), label: (r) => r.alertTag };
  return (
    <ReviewList
      rows={rows}
      columns={sortedColumns(columns(kind, onOpen, { onCorrect, mayCorrect: (r) => mayCorrect(user, r), correcting: correctionsInReview(all) }, t), state)}
      empty={t(TEXTS[empty])}
      deletion={deletion}
      pagination={{ current: state.page, pageSize: state.size }}
      onChange={(pagination, _filters, sorter, extra) => setState(listChange(pagination, sorter, extra?.action, state.size))}
    />
  );
}
