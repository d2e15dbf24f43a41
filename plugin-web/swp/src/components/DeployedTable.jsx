// A server-paged table of deployed SWPs (GET /api/swps/deployed-swps-paginated → {results,
// total}): Browse and All Approved. The search is debounced 300 ms; 'No records found'
// when empty. Page, page size, sort and search live in the address (?page=&size=&sort=
// &order=&q=, decision 60): reload and Back restore them.
import { useEffect, useMemo, useState } from 'react';
import { Input, Space, Typography } from 'antd';
import { DEFAULT_PAGE_SIZE, k, PagedTable, useClearButton, useSession, useT, useUrlState } from '@plantdoc/kit';
import { deleteSelection, SEARCH_DEBOUNCE_MS } from '../lib';
import { useDeployedSwpsPage } from '../api';
import { DeleteSelected } from './ListTools';

const ORDER = { asc: 'ascend', desc: 'descend' };
const FROM_ORDER = { ascend: 'asc', descend: 'desc' };

/** columns: kit columns; those with `sortKey` sort on the server. */
export function DeployedTable({ title, columns, defaultSort, selectable = false, searchPlaceholder = k('Search Part Number') }) {
  const t = useT('swp');
  const clear = useClearButton();
  const defaults = useMemo(() => ({ page: 1, size: DEFAULT_PAGE_SIZE, sort: defaultSort.by, order: defaultSort.order, q: '' }), [defaultSort]);
  const [state, setState] = useUrlState(defaults);
  const { page, size: limit, q: search } = state;
  const sort = { by: state.sort, order: state.order === 'desc' ? 'desc' : 'asc' };
  const [input, setInput] = useState(search);
  const [selected, setSelected] = useState([]);

  // Back or a link changes the search: the box follows.
  useEffect(() => setInput((v) => (v.trim() === search ? v : search)), [search]);
  useEffect(() => {
    if (input.trim() === search) return undefined;
    const t = setTimeout(() => setState({ q: input.trim(), page: 1 }, { replace: true }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [input]); // eslint-disable-line react-hooks/exhaustive-deps

  const query = useDeployedSwpsPage({ page, limit, search, sortBy: sort.by, sortOrder: sort.order });
  const data = query.data || { results: [], total: 0 };
  const { user } = useSession();
  const selection = selectable ? deleteSelection(user, data.results, selected, setSelected) : null;

  const cols = columns.map(({ sortKey, ...c }) =>
    sortKey ? { ...c, sorter: true, sortOrder: sort.by === sortKey ? ORDER[sort.order] : null } : { ...c, sortable: false },
  );

  const onChange = (pagination, _filters, sorter, extra) => {
    if (extra?.action === 'sort') {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      const col = columns.find((c) => (c.key ?? c.dataIndex) === s?.columnKey);
      const next = s?.order && col?.sortKey ? { by: col.sortKey, order: FROM_ORDER[s.order] } : defaultSort;
      setState({ sort: next.by, order: next.order, page: 1 });
      return;
    }
    if (pagination.pageSize !== limit) setState({ size: pagination.pageSize, page: 1 });
    else setState({ page: pagination.current });
  };

  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        {title ? (
          <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
            {title}
          </Typography.Title>
        ) : (
          <span />
        )}
        <Space>
          <Input.Search allowClear={clear} placeholder={t(searchPlaceholder)} value={input} onChange={(e) => setInput(e.target.value)} style={{ width: 260 }} />
          {selection && <DeleteSelected kind="deployed" selected={selected} onDeleted={() => setSelected([])} />}
        </Space>
      </Space>
      <PagedTable
        columns={cols}
        dataSource={data.results}
        loading={query.isFetching}
        onChange={onChange}
        locale={{ emptyText: t('No records found') }}
        pagination={{ current: page, pageSize: limit, total: data.total }}
        rowSelection={selection || undefined}
      />
    </div>
  );
}
