// The one list table: antd Table, sortable columns, pages of 5, 10 or 25 rows (10 by
// default). Columns sort on their dataIndex unless they say `sortable: false` or bring
// their own `sorter`.
import { Table } from 'antd';

export const PAGE_SIZES = [5, 10, 25];
export const DEFAULT_PAGE_SIZE = 10;

function valueAt(record, dataIndex) {
  const path = Array.isArray(dataIndex) ? dataIndex : String(dataIndex).split('.');
  return path.reduce((v, k) => (v == null ? v : v[k]), record);
}

/** Orders numbers, dates and text; empty values sort first. */
export function compareValues(a, b) {
  if (a == null || a === '') return b == null || b === '' ? 0 : -1;
  if (b == null || b === '') return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (a instanceof Date && b instanceof Date) return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}

function withSorters(columns) {
  return columns.map(({ sortable = true, ...col }) => {
    if (!sortable || col.sorter || col.dataIndex === undefined) return col;
    const key = col.sortValue || ((r) => valueAt(r, col.dataIndex));
    return { ...col, sorter: (a, b) => compareValues(key(a), key(b)) };
  });
}

export function PagedTable({ columns, dataSource, rowKey = '_id', pageSize = DEFAULT_PAGE_SIZE, pagination, ...rest }) {
  // Narrow windows scroll the table sideways instead of cutting it (a plain scrolling
  // box: antd's own `scroll` changes the table's markup).
  return (
    <div data-testid="table-scroll" style={{ overflowX: 'auto' }}>
    <Table
      size="middle"
      rowKey={rowKey}
      columns={withSorters(columns)}
      dataSource={dataSource}
      pagination={
        pagination === false
          ? false
          : { defaultPageSize: pageSize, pageSizeOptions: PAGE_SIZES, showSizeChanger: true, ...pagination }
      }
      {...rest}
    />
    </div>
  );
}
