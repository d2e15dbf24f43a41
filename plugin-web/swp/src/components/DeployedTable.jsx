// A server-paged table of deployed SWPs (GET /api/swps/deployed-swps-paginated → {results,
// total}): Browse and All Approved. The search is debounced 300 ms; 'No records found'
// when empty.
import { useEffect, useState } from 'react';
import { Input, Space, Typography } from 'antd';
import { api, DEFAULT_PAGE_SIZE, PagedTable } from '@plantdoc/kit';
import { pagedPath, SEARCH_DEBOUNCE_MS } from '../lib';
import { DeleteSelected } from './ListTools';

const ORDER = { asc: 'ascend', desc: 'descend' };
const FROM_ORDER = { ascend: 'asc', descend: 'desc' };

/** columns: kit columns; those with `sortKey` sort on the server. */
export function DeployedTable({ title, columns, defaultSort, selectable = false, searchPlaceholder = 'Search Part Number', reload = 0 }) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState(defaultSort);
  const [data, setData] = useState({ results: [], total: 0 });
  const [loading, setLoading] = useState(true);
  const [selected, setSelected] = useState([]);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    const t = setTimeout(() => {
      setSearch(input.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [input]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    api
      .get(pagedPath({ page, limit, search, sortBy: sort.by, sortOrder: sort.order }))
      .then((body) => {
        if (!live) return;
        setData({ results: Array.isArray(body?.results) ? body.results : [], total: Number(body?.total) || 0 });
      })
      .catch((err) => console.error('Could not load the deployed SWPs', err))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [page, limit, search, sort.by, sort.order, tick, reload]);

  const cols = columns.map(({ sortKey, ...c }) =>
    sortKey
      ? { ...c, sorter: true, sortOrder: sort.by === sortKey ? ORDER[sort.order] : null }
      : { ...c, sortable: false },
  );

  const onChange = (pagination, _filters, sorter, extra) => {
    if (extra?.action === 'sort') {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      const col = columns.find((c) => (c.key ?? c.dataIndex) === s?.columnKey);
      setSort(s?.order && col?.sortKey ? { by: col.sortKey, order: FROM_ORDER[s.order] } : defaultSort);
      setPage(1);
      return;
    }
    if (pagination.pageSize !== limit) {
      setLimit(pagination.pageSize);
      setPage(1);
    } else {
      setPage(pagination.current);
    }
  };

  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        {title ? (
          <Typography.Title level={5} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
        ) : (
          <span />
        )}
        <Space>
          <Input.Search allowClear placeholder={searchPlaceholder} value={input} onChange={(e) => setInput(e.target.value)} style={{ width: 260 }} />
          {selectable && (
            <DeleteSelected
              kind="deployed"
              selected={selected}
              onDeleted={() => {
                setSelected([]);
                setTick((n) => n + 1);
              }}
            />
          )}
        </Space>
      </Space>
      <PagedTable
        columns={cols}
        dataSource={data.results}
        loading={loading}
        onChange={onChange}
        locale={{ emptyText: 'No records found' }}
        pagination={{ current: page, pageSize: limit, total: data.total }}
        rowSelection={selectable ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys) } : undefined}
      />
    </div>
  );
}
