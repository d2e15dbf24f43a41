// The one list table: sortable columns, pages of 5, 10 or 25 rows (10 by default), row
// selection with checkboxes. Columns sort on their dataIndex unless they say
// `sortable: false` or bring their own `sorter` (`sorter: true`: the server sorts).
//
// The props are antd Table's (columns {title, key, dataIndex, render, width, sorter,
// sortOrder, defaultSortOrder, sortDirections}, rowKey, dataSource, pagination, rowSelection
// {selectedRowKeys, onChange, getCheckboxProps, renderCell}, loading, locale.emptyText, onChange(
// pagination, filters, sorter, {action})), drawn by the kit: antd's Table brings its
// filter menu, tree, Select and virtual list (65 KB brotli) onto every list page.
import { useMemo, useState } from 'react';
import { theme } from 'antd';
import { EmptyList } from './EmptyList';
import { Pager } from './table/Pager';
import { tableVars, useTableCss } from './table/tableCss';
import { useT } from './i18n';

export const PAGE_SIZES = [5, 10, 25];
export const DEFAULT_PAGE_SIZE = 10;
const DIRECTIONS = ['ascend', 'descend'];
const ARIA_SORT = { ascend: 'ascending', descend: 'descending' };

function valueAt(record, dataIndex) {
  if (dataIndex === undefined) return undefined;
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

const columnKey = (col, i) => col.key ?? (Array.isArray(col.dataIndex) ? col.dataIndex.join('.') : col.dataIndex) ?? `col${i}`;

function withSorters(columns) {
  return columns.map(({ sortable = true, sortValue, ...col }, i) => {
    const key = columnKey(col, i);
    if (!sortable || col.sorter || col.dataIndex === undefined) return { ...col, key };
    const value = sortValue || ((r) => valueAt(r, col.dataIndex));
    return { ...col, key, sorter: (a, b) => compareValues(value(a), value(b)) };
  });
}

/** The next order of a header click: through the column's directions, then none. */
function nextOrder(col, order) {
  const dirs = col.sortDirections || DIRECTIONS;
  const at = order ? dirs.indexOf(order) : -1;
  return dirs[at + 1] ?? null;
}

function Caret({ up, on }) {
  return (
    <svg viewBox="0 0 1024 1024" className={on ? 'pd-on' : undefined} aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        transform={up ? undefined : 'rotate(180 512 512)'}
        d="M858.9 689 530.5 308.2c-9.4-10.9-28.1-10.9-37.6 0L165.1 689c-12.2 14.2-1.2 35 18.8 35h656.2c20 0 31-20.8 18.8-35z"
      />
    </svg>
  );
}

function HeaderCell({ col, order, onSort }) {
  if (!col.sorter) return <th style={{ width: col.width }}>{col.title}</th>;
  return (
    <th className="pd-table-sortable" style={{ width: col.width }} aria-sort={ARIA_SORT[order] || 'none'}>
      <button type="button" className="pd-table-sorter" onClick={() => onSort(col)}>
        <span>{col.title}</span>
        <span className="pd-table-carets">
          <Caret up on={order === 'ascend'} />
          <Caret on={order === 'descend'} />
        </span>
      </button>
    </th>
  );
}

function SelectBox({ checked, indeterminate, disabled, label, onChange }) {
  return (
    <input
      type="checkbox"
      checked={checked}
      disabled={disabled}
      aria-label={label}
      ref={(el) => {
        if (el) el.indeterminate = Boolean(indeterminate);
      }}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}

export function PagedTable({
  columns,
  dataSource = [],
  rowKey = '_id',
  pageSize: initialSize = DEFAULT_PAGE_SIZE,
  pagination,
  rowSelection,
  loading = false,
  locale,
  onChange,
  'aria-label': ariaLabel,
}) {
  useTableCss();
  const t = useT('kit');
  const { token } = theme.useToken();
  const cols = useMemo(() => withSorters(columns), [columns]);
  const paged = pagination !== false;
  const pg = paged ? pagination || {} : {};

  const controlled = cols.some((c) => 'sortOrder' in c);
  const [ownSort, setOwnSort] = useState(() => {
    const c = cols.find((col) => col.defaultSortOrder);
    return c ? { key: c.key, order: c.defaultSortOrder } : { key: null, order: null };
  });
  const sortCol = controlled ? cols.find((c) => c.sortOrder) : cols.find((c) => c.key === ownSort.key && ownSort.order);
  const sort = sortCol ? { col: sortCol, order: controlled ? sortCol.sortOrder : ownSort.order } : null;

  const [ownPage, setOwnPage] = useState(pg.defaultCurrent || 1);
  const [ownSize, setOwnSize] = useState(pg.defaultPageSize || initialSize);
  const size = pg.pageSize ?? ownSize;

  const keyOf = (r, i) => (typeof rowKey === 'function' ? rowKey(r, i) : r[rowKey]);
  const sorted = useMemo(() => {
    if (!sort || typeof sort.col.sorter !== 'function') return dataSource;
    const sign = sort.order === 'descend' ? -1 : 1;
    return [...dataSource].sort((a, b) => sign * sort.col.sorter(a, b));
  }, [dataSource, sort?.col, sort?.order]); // eslint-disable-line react-hooks/exhaustive-deps

  const total = pg.total ?? sorted.length;
  const pages = Math.max(1, Math.ceil(total / size));
  const current = Math.min(pg.current ?? ownPage, pages);
  // As antd: rows beyond one page are cut here; a page the server sent (total > rows) is shown whole.
  const rows = !paged || (sorted.length < total && sorted.length <= size) ? sorted : sorted.slice((current - 1) * size, current * size);

  const sorterInfo = (col, order) => ({ column: order ? col : undefined, columnKey: col.key, field: col.dataIndex, order });
  const emit = (page, pageSize, action, sorter) => {
    onChange?.({ ...pg, current: page, pageSize, total }, {}, sorter || (sort ? sorterInfo(sort.col, sort.order) : {}), { action, currentDataSource: sorted });
  };
  const toPage = (page, pageSize = size) => {
    setOwnPage(page);
    setOwnSize(pageSize);
    pg.onChange?.(page, pageSize);
    emit(page, pageSize, 'paginate');
  };
  const onSort = (col) => {
    const order = nextOrder(col, sort?.col.key === col.key ? sort.order : null);
    setOwnSort({ key: col.key, order });
    setOwnPage(1);
    emit(1, size, 'sort', sorterInfo(col, order));
  };

  const sel = rowSelection;
  const selected = new Set(sel?.selectedRowKeys || []);
  const boxProps = (r) => sel?.getCheckboxProps?.(r) || {};
  const pageKeys = rows.map((r, i) => [keyOf(r, i), r]).filter(([, r]) => !boxProps(r).disabled);
  const allOn = pageKeys.length > 0 && pageKeys.every(([k]) => selected.has(k));
  const someOn = pageKeys.some(([k]) => selected.has(k));
  const select = (keys) =>
    sel.onChange?.(
      keys,
      dataSource.filter((r, i) => keys.includes(keyOf(r, i))),
      { type: 'multiple' },
    );
  const toggleRow = (k, on) => select(on ? [...selected, k] : [...selected].filter((x) => x !== k));
  const toggleAll = (on) => {
    const mine = new Set(pageKeys.map(([k]) => k));
    select(on ? [...new Set([...selected, ...mine])] : [...selected].filter((k) => !mine.has(k)));
  };
  // rowSelection.renderCell(checked, record, index, checkbox): what the cell shows instead.
  const cell = (on, r, i, node) => (sel.renderCell ? sel.renderCell(on, r, i, node) : node);
  const width = cols.length + (sel ? 1 : 0);

  return (
    <div data-testid="table-scroll" style={{ overflowX: 'auto', ...tableVars(token) }}>
      <div className="pd-table" aria-busy={loading || undefined}>
        <table aria-label={ariaLabel}>
          <thead>
            <tr>
              {sel && (
                <th className="pd-table-select">
                  <SelectBox checked={allOn} indeterminate={someOn && !allOn} disabled={pageKeys.length === 0} label={t('Select all')} onChange={toggleAll} />
                </th>
              )}
              {cols.map((col) => (
                <HeaderCell key={col.key} col={col} order={sort?.col.key === col.key ? sort.order : null} onSort={onSort} />
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr className="pd-table-empty">
                <td colSpan={width}>
                  <EmptyList text={locale?.emptyText} />
                </td>
              </tr>
            ) : (
              rows.map((r, i) => {
                const k = keyOf(r, i);
                const on = selected.has(k);
                const box = boxProps(r);
                return (
                  <tr key={k} data-row-key={k} className={on ? 'pd-table-row pd-table-row-selected' : 'pd-table-row'}>
                    {sel && (
                      <td className="pd-table-select">
                        {cell(
                          on,
                          r,
                          i,
                          <SelectBox checked={on} disabled={box.disabled} label={box['aria-label'] || t('Select row')} onChange={(v) => toggleRow(k, v)} />,
                        )}
                      </td>
                    )}
                    {cols.map((col) => {
                      const value = valueAt(r, col.dataIndex);
                      return (
                        <td key={col.key} className={sort?.col.key === col.key ? 'pd-table-sorted' : undefined}>
                          {col.render ? col.render(value, r, i) : value}
                        </td>
                      );
                    })}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
        {loading && (
          <div className="pd-table-busy" role="status" aria-label={t('Loading')}>
            <span className="pd-table-spin" />
          </div>
        )}
      </div>
      {paged && total > 0 && (
        <Pager
          current={current}
          pageSize={size}
          total={total}
          sizes={pg.pageSizeOptions || PAGE_SIZES}
          showSizeChanger={pg.showSizeChanger ?? true}
          onPage={(p) => toPage(p)}
          onSize={(s) => toPage(1, s)}
        />
      )}
    </div>
  );
}

// The list state in the address, shared with the table (one share key, see ReviewList.jsx).
export { useUrlState, readUrlState, patchUrlState } from './urlState';
