// The drill-down: the obligations the filters select, server-paged and sorted, overdue
// rows in red, with the CSV export of the same filters.
import { Typography } from 'antd';
import { formatDate, k, PagedTable, useT } from '@plantdoc/kit';
import { csvHref, useObligations } from '../api';

const ORDER = { asc: 'ascend', desc: 'descend' };
const FROM_ORDER = { ascend: 'asc', descend: 'desc' };
const RED = '#cf1322';

const cell = (text, row) => (row.state === 'overdue' ? <span style={{ color: RED }}>{text}</span> : text);
// The server's reason and state codes, shown as words (never the raw code).
const WORDS = {
  'new-revision': k('New revision'),
  'new-alert': k('New alert'),
  expiring: k('Signature expiring'),
  open: k('Open'),
  overdue: k('Overdue'),
  done: k('Done'),
  void: k('Void'),
};
const word = (t, w) => (WORDS[w] ? t(WORDS[w]) : w);

const COLUMNS = [
  { title: k('Operator'), key: 'operator', sortKey: 'operator', render: (_, r) => cell(`${r.operator.opNo} ${r.operator.fullName}`.trim(), r) },
  {
    title: k('Document'),
    key: 'doc',
    render: (_, r, t) =>
      cell(r.kind === 'alert' ? t('Alert {{tag}}', { tag: r.alertTag || '' }) : t('SWP rev {{revision}}', { revision: r.revision ?? '' }), r),
  },
  { title: k('Part Number'), key: 'partNumber', sortKey: 'partNumber', render: (_, r) => cell(r.partNumber, r) },
  { title: k('Reason'), key: 'reason', sortKey: 'reason', render: (_, r, t) => cell(word(t, r.reason), r) },
  { title: k('Due'), key: 'dueDate', sortKey: 'dueDate', render: (_, r) => cell(formatDate(r.dueDate), r) },
  { title: k('State'), key: 'state', sortKey: 'state', render: (_, r, t) => cell(word(t, r.state), r) },
  { title: k('Done'), key: 'doneDate', render: (_, r) => cell(formatDate(r.doneDate), r) },
];

export function ObligationsTable({ state, setState }) {
  const t = useT('readiness');
  const filters = { zone: state.zone, part: state.part, operator: state.operator, state: state.state };
  const q = useObligations({ ...filters, page: state.page, limit: state.size, sortBy: state.sort, sortOrder: state.order });
  const data = q.data || { results: [], total: 0 };
  const cols = COLUMNS.map(({ sortKey, title, render, ...c }) => {
    const shown = { ...c, title: t(title), render: (v, r) => render(v, r, t) };
    return sortKey ? { ...shown, sorter: true, sortOrder: state.sort === sortKey ? ORDER[state.order] : null } : { ...shown, sortable: false };
  });
  const onChange = (pagination, _f, sorter, extra) => {
    if (extra?.action === 'sort') {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      const col = COLUMNS.find((c) => c.key === s?.columnKey);
      setState(s?.order && col?.sortKey ? { sort: col.sortKey, order: FROM_ORDER[s.order], page: 1 } : { sort: 'dueDate', order: 'asc', page: 1 });
      return;
    }
    if (pagination.pageSize !== state.size) setState({ size: pagination.pageSize, page: 1 });
    else setState({ page: pagination.current });
  };
  return (
    <div>
      <Typography.Paragraph>
        <a href={csvHref(filters)} download>
          {t('Export CSV')}
        </a>
      </Typography.Paragraph>
      <PagedTable
        aria-label={t('Reading obligations')}
        columns={cols}
        dataSource={data.results}
        loading={q.isFetching}
        onChange={onChange}
        locale={{ emptyText: t('No obligations match these filters.') }}
        pagination={{ current: state.page, pageSize: state.size, total: data.total }}
      />
    </div>
  );
}
