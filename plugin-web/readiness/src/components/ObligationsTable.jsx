// The drill-down: the obligations the filters select, server-paged and sorted, overdue
// rows in red, with the CSV export of the same filters.
import { Typography } from 'antd';
import { formatDate, PagedTable } from '@plantdoc/kit';
import { csvHref, useObligations } from '../api';

const ORDER = { asc: 'ascend', desc: 'descend' };
const FROM_ORDER = { ascend: 'asc', descend: 'desc' };
const RED = '#cf1322';

const cell = (text, row) => (row.state === 'overdue' ? <span style={{ color: RED }}>{text}</span> : text);

const COLUMNS = [
  { title: 'Operator', key: 'operator', sortKey: 'operator', render: (_, r) => cell(`${r.operator.opNo} ${r.operator.fullName}`.trim(), r) },
  { title: 'Document', key: 'doc', render: (_, r) => cell(r.kind === 'alert' ? `Alert ${r.alertTag || ''}` : `SWP rev ${r.revision ?? ''}`, r) },
  { title: 'Part Number', key: 'partNumber', sortKey: 'partNumber', render: (_, r) => cell(r.partNumber, r) },
  { title: 'Reason', key: 'reason', sortKey: 'reason', render: (_, r) => cell(r.reason, r) },
  { title: 'Due', key: 'dueDate', sortKey: 'dueDate', render: (_, r) => cell(formatDate(r.dueDate), r) },
  { title: 'State', key: 'state', sortKey: 'state', render: (_, r) => cell(r.state, r) },
  { title: 'Done', key: 'doneDate', render: (_, r) => cell(formatDate(r.doneDate), r) },
];

export function ObligationsTable({ state, setState }) {
  const filters = { zone: state.zone, part: state.part, operator: state.operator, state: state.state };
  const q = useObligations({ ...filters, page: state.page, limit: state.size, sortBy: state.sort, sortOrder: state.order });
  const data = q.data || { results: [], total: 0 };
  const cols = COLUMNS.map(({ sortKey, ...c }) =>
    sortKey ? { ...c, sorter: true, sortOrder: state.sort === sortKey ? ORDER[state.order] : null } : { ...c, sortable: false },
  );
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
          Export CSV
        </a>
      </Typography.Paragraph>
      <PagedTable
        aria-label="Reading obligations"
        columns={cols}
        dataSource={data.results}
        loading={q.isFetching}
        onChange={onChange}
        locale={{ emptyText: 'No obligations match these filters.' }}
        pagination={{ current: state.page, pageSize: state.size, total: data.total }}
      />
    </div>
  );
}
