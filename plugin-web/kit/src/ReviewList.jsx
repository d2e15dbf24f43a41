// The one list of documents under review or deployed, that the SWP, alert and sign-off
// lists configure: a heading, an optional client-side search box, a Delete button for the
// selected rows with its confirmation, and the kit's PagedTable (sorting, pages of 5, 10
// or 25). Rows a user may not delete have no checkbox; a list without any has none at all.
// Its columns come from ReviewColumns.jsx.
import { Suspense, lazy, useState } from 'react';
import { Button, Input, Space, Spin, Typography } from 'antd';
import { PagedTable } from './PagedTable';
import { EmptyList } from './EmptyList';
import { translate, useT } from './i18n';
import { useClearButton } from './antdNames';

// Loaded when Delete is first pressed: a list does not download antd's Modal to show.
const DeleteDialog = lazy(() => import('./DeleteDialog').then((m) => ({ default: m.DeleteDialog })));

const RED = '#cf1322';

/**
 * PagedTable's rowSelection for deleting: a checkbox only on the rows `mayDelete(row)`
 * allows, labelled 'Select <label(row)>'; null when no row may be deleted.
 */
export function deleteSelection(rows, selected, setSelected, { mayDelete, label }, t = (key, o) => translate('kit', key, o)) {
  if (!(rows || []).some(mayDelete)) return null;
  return {
    selectedRowKeys: selected,
    onChange: (keys) => setSelected(keys),
    getCheckboxProps: (r) => ({ disabled: !mayDelete(r), 'aria-label': t('Select {{name}}', { name: label(r) }) }),
    renderCell: (_checked, r, _i, node) => (mayDelete(r) ? node : null),
  };
}

function refusalText(err, t) {
  const why = err.body?.error || Object.values(err.fields || {})[0] || err.message;
  return t('Nothing was deleted: {{why}}', { why });
}

/**
 * 'Delete (N)' for the selected rows and its confirmation (`kind` 'pending' or 'deployed'
 * picks the text). `remove`: the module's delete mutation, called with the ids;
 * `onDeleted(ids)` once the server agrees. `sayRefusal`: a refused batch says why.
 */
export function DeleteSelected({ kind, selected, remove, onDeleted, sayRefusal = false }) {
  const t = useT('kit');
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on (it animates out when closed).
  const [used, setUsed] = useState(false);
  const confirm = () =>
    remove.mutate(selected, {
      onSuccess: (_, ids) => onDeleted?.(ids),
      onSettled: () => setOpen(false),
    });
  const refused = sayRefusal && remove.error ? refusalText(remove.error, t) : null;
  return (
    <Space>
      {refused && (
        <span role="alert" data-testid="delete-refused" style={{ color: RED }}>
          {refused}
        </span>
      )}
      <Button
        danger
        disabled={!selected.length}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        {selected.length ? t('Delete ({{n}})', { n: selected.length }) : t('Delete')}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <DeleteDialog open={open} kind={kind} confirming={remove.isPending} onCancel={() => setOpen(false)} onConfirm={confirm} />
        </Suspense>
      )}
    </Space>
  );
}

/**
 * rows: the list (null while it loads); columns: PagedTable columns (the builders above);
 * title: a heading text (level 2, the look of a 5) or a node; search(rows, term): a client-side search box;
 * deletion: { kind, remove, mayDelete(row), label(row), sayRefusal }; empty: shown instead
 * of the table for an empty list (a text, in the kit's EmptyList, or null for nothing);
 * emptyText: the table's own.
 * Other props go to PagedTable (pagination, onChange, aria-label…).
 */
export function ReviewList({ rows, columns, title, search, deletion, empty, emptyText, ...table }) {
  const t = useT('kit');
  const clear = useClearButton();
  const [term, setTerm] = useState('');
  const [selected, setSelected] = useState([]);
  const selection = deletion && rows ? deleteSelection(rows, selected, setSelected, deletion, t) : null;
  const heading =
    typeof title === 'string' ? (
      <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
        {title}
      </Typography.Title>
    ) : (
      (title ?? <span />)
    );
  const replaced = rows?.length === 0 && empty !== undefined;
  let body;
  if (rows === null || rows === undefined) body = <Spin />;
  else if (replaced) {
    body = typeof empty === 'string' ? <EmptyList text={empty} /> : empty;
  } else {
    body = (
      <PagedTable
        columns={columns}
        dataSource={search ? search(rows, term) : rows}
        locale={{ emptyText: emptyText ?? t('No records found') }}
        rowSelection={selection || undefined}
        {...table}
      />
    );
  }
  const tools = (search || selection) && !replaced;
  return (
    <div>
      {(title || tools) && (
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
          {heading}
          {tools && (
            <Space>
              {search && (
                <Input.Search allowClear={clear} placeholder={t('Search')} value={term} onChange={(e) => setTerm(e.target.value)} style={{ width: 260 }} />
              )}
              {selection && (
                <DeleteSelected
                  kind={deletion.kind}
                  selected={selected}
                  remove={deletion.remove}
                  sayRefusal={deletion.sayRefusal}
                  onDeleted={() => setSelected([])}
                />
              )}
            </Space>
          )}
        </Space>
      )}
      {body}
    </div>
  );
}

// One shared module with its column builders (each kit UI file is a share key the host
// provides on every page, /island included: fewer keys, a lighter shell).
export * from './ReviewColumns';
