// The matrix: parts as columns, operators as rows, a block of four squares where they
// meet, filled out to at least 22 columns and 20 rows. Only the rows and columns in view
// are rendered (useGridWindow); the header row and the operator column stay in place.
// One block is in the tab order (a roving tab stop): arrows, Home/End, Page Up/Down and
// Ctrl+Home/End move between blocks, scrolling as they go. Clicks, keys and the context
// menu are handled once, on the table. On a touch screen the squares are 40 px, two by
// two, in larger rows and columns (touch targets of at least 40 px).
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Space, Tag, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useT } from '@plantdoc/kit';
import { MIN_COLUMNS, MIN_ROWS, ROTATION_COLOURS, certColour } from '../levels';
import { reasonText } from '../gaps';
import { FIRST_W, ROW_H, SIZES, useCoarsePointer, useGridWindow } from './useGridWindow';

const CSS = `
.tm-grid{border-collapse:separate;border-spacing:0;table-layout:fixed;font-size:12px}
.tm-grid td,.tm-grid th{box-sizing:border-box;padding:0 4px;overflow:hidden;border:0}
.tm-grid tbody td{height:${ROW_H}px;text-align:center;border-right:1px solid #f0f0f0;border-bottom:1px solid #f0f0f0}
.tm-grid thead th,.tm-grid thead td{position:sticky;top:0;z-index:2;background:#fff;vertical-align:top;font-weight:normal;padding:4px;border-bottom:1px solid #d9d9d9}
.tm-grid .tm-op{position:sticky;left:0;z-index:1;background:#fff;text-align:left;font-weight:normal;white-space:nowrap;text-overflow:ellipsis;height:${ROW_H}px;border-right:1px solid #d9d9d9;border-bottom:1px solid #f0f0f0}
.tm-grid thead .tm-op{z-index:3;font-weight:600}
.tm-grid .tm-gap{padding:0;border:0}
.tm-b{display:inline-flex;padding:2px;border:0;background:none;cursor:pointer}
.tm-b:focus-visible{outline:2px solid #1677ff;outline-offset:1px}
.tm-i{display:inline-flex;padding:2px}
.tm-s{display:inline-block;width:9px;height:9px;border:1px solid #595959;margin:1px;background:#fff}
.tm-touch.tm-grid tbody td,.tm-touch.tm-grid tbody .tm-op{height:${SIZES.touch.row}px}
.tm-touch .tm-b,.tm-touch .tm-i{display:inline-grid;grid-template-columns:repeat(2,auto)}
.tm-touch .tm-s{width:40px;height:40px}
.tm-eff{display:inline-block;min-width:16px;margin-left:2px;padding:0 3px;border-radius:3px;font-size:11px;line-height:16px;text-align:center;background:#fff1b8;color:#613400;vertical-align:middle}
.tm-eff[data-reason="waiver"]{background:#d9f7be;color:#135200}
.tm-b[data-squares="-1"] .tm-s,.tm-i[data-squares="-1"] .tm-s{background:#bfbfbf}
${[1, 2, 3, 4].map((n) => `[data-squares="${n}"]>.tm-s:nth-child(-n+${n})`).join(',')}{background:#1677ff}
`;

const squares = [1, 2, 3, 4].map((n) => <span key={n} data-level={n} className="tm-s" aria-hidden="true" />);

export const Block = memo(function Block({ id, level, label, r, c, editable, tabbable }) {
  if (!editable)
    return (
      <span role="img" className="tm-i" data-squares={level} aria-label={label}>
        {squares}
      </span>
    );
  return (
    <button
      type="button"
      className="tm-b"
      data-block={id}
      data-squares={level}
      data-r={r}
      data-c={c}
      tabIndex={tabbable ? 0 : -1}
      aria-label={label}
      title={label}
    >
      {squares}
    </button>
  );
});

const Gap = ({ width, head }) =>
  width > 0 ? head ? <td className="tm-gap" aria-hidden="true" style={{ width }} /> : <td className="tm-gap" aria-hidden="true" /> : null;

function PartHeader({ part, index, width, editable, onTarget, onDelete }) {
  const t = useT('training');
  return (
    <th scope="col" aria-colindex={index + 2} style={{ width }}>
      <div style={{ fontWeight: 600 }}>{part.partNumber}</div>
      <div>{part.partDesc || '\u00a0'}</div>
      <Tag style={{ background: ROTATION_COLOURS[part.partRotation], borderColor: ROTATION_COLOURS[part.partRotation], color: '#000' }}>
        {t('{{hours}} hr', { hours: part.partRotation })}
      </Tag>
      <div>
        <span style={{ color: certColour(part.certCount, part.certTarget), fontWeight: 600 }}>{part.certCount}</span> / {part.certTarget}
      </div>
      {editable && (
        <Space size={0}>
          <Tooltip title={t('Edit target')}>
            <Button
              size="small"
              type="text"
              icon={<EditOutlined />}
              aria-label={t('Edit the target of {{name}}', { name: part.partNumber })}
              onClick={() => onTarget(part)}
            />
          </Tooltip>
          <Tooltip title={t('Delete part')}>
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('Delete part {{part}}', { part: part.partNumber })}
              onClick={() => onDelete(part)}
            />
          </Tooltip>
        </Space>
      )}
    </th>
  );
}

const range = (from, to) => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

/** One operator's row, or a filler row (row null); only the columns in view. */
const Row = memo(function Row({ r, row, parts, cols, total, colW, editable, tabCol, onTarget, onDelete }) {
  const t = useT('training');
  return (
    <tr aria-rowindex={r + 2}>
      {row ? (
        <th scope="row" className="tm-op">
          <span style={{ fontWeight: 600 }}>{row.opNumber}</span> <span>{row.opName}</span>{' '}
          <span style={{ color: certColour(row.certCount, row.certTarget), fontWeight: 600 }}>{row.certCount}</span> / {row.certTarget}
          {editable && (
            <>
              <Button
                size="small"
                type="text"
                icon={<EditOutlined />}
                aria-label={t('Edit the target of {{name}}', { name: row.opNumber })}
                onClick={() => onTarget(row)}
              />
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('Delete operator {{op}}', { op: row.opNumber })}
                onClick={() => onDelete(row)}
              />
            </>
          )}
        </th>
      ) : (
        <td className="tm-op" />
      )}
      <Gap width={cols[0] * colW} />
      {range(cols[0], cols[1]).map((c) => {
        const cell = row && c < parts.length ? row.rowData[c] : null;
        const why = reasonText(t, cell);
        const named = cell && t('{{op}} on {{part}}: level {{level}}', { op: row.opNumber, part: parts[c].partNumber, level: cell.squares });
        return (
          <td key={c} aria-colindex={c + 2}>
            {cell && (
              <Block
                id={cell._id}
                level={cell.squares}
                label={why ? t('{{cell}}, effective level {{effective}}: {{why}}', { cell: named, effective: cell.effective, why }) : named}
                r={r}
                c={c}
                editable={editable}
                tabbable={tabCol === c}
              />
            )}
            {why && (
              <span className="tm-eff" data-reason={cell.reason} title={why} aria-hidden="true">
                {cell.effective}
              </span>
            )}
          </td>
        );
      })}
      <Gap width={(total - cols[1]) * colW} />
    </tr>
  );
});

/** Where a key moves the active block (rows × cols real blocks), or null. */
function moveFor(e, at, rows, cols, page) {
  const last = { r: rows - 1, c: cols - 1 };
  const to = {
    ArrowUp: { r: at.r - 1, c: at.c },
    ArrowDown: { r: at.r + 1, c: at.c },
    ArrowLeft: { r: at.r, c: at.c - 1 },
    ArrowRight: { r: at.r, c: at.c + 1 },
    PageUp: { r: at.r - page, c: at.c },
    PageDown: { r: at.r + page, c: at.c },
    Home: e.ctrlKey ? { r: 0, c: 0 } : { r: at.r, c: 0 },
    End: e.ctrlKey ? last : { r: at.r, c: last.c },
  }[e.key];
  if (!to) return null;
  return { r: Math.max(0, Math.min(last.r, to.r)), c: Math.max(0, Math.min(last.c, to.c)) };
}

/**
 * onLevel(blockId, n, current): a square clicked (or digit key); onReset(blockId): the
 * context menu's 'Reset squares' (or the Delete key).
 */
export function MatrixGrid({ data, editable, onLevel, onReset, onPartTarget, onPartDelete, onOpTarget, onOpDelete }) {
  const t = useT('training');
  const [menu, setMenu] = useState(null);
  const [active, setActive] = useState({ r: 0, c: 0, focus: false });
  // Stable callbacks for the memoised rows: a parent re-render (a dialog opening) must
  // not re-render the rows.
  const latest = useRef({});
  latest.current = { onPartTarget, onPartDelete, onOpTarget, onOpDelete };
  const stable = useMemo(
    () => ({
      partTarget: (p) => latest.current.onPartTarget(p),
      partDelete: (p) => latest.current.onPartDelete(p),
      opTarget: (o) => latest.current.onOpTarget(o),
      opDelete: (o) => latest.current.onOpDelete(o),
    }),
    [],
  );
  const parts = data.partList;
  const ops = data.matrix;
  const totalCols = Math.max(MIN_COLUMNS, parts.length);
  const totalRows = Math.max(MIN_ROWS, ops.length);
  const size = SIZES[useCoarsePointer() ? 'touch' : 'mouse'];
  const view = useGridWindow(totalRows, totalCols, size);
  const { rows, cols } = view;
  const colsKey = useMemo(() => cols, [cols[0], cols[1]]); // eslint-disable-line react-hooks/exhaustive-deps
  const inView = active.r >= rows[0] && active.r < rows[1] && active.c >= cols[0] && active.c < cols[1];
  // The tab stop: the active block, or the first one in view when it was scrolled away.
  const tab = inView ? active : { r: Math.min(rows[0], ops.length - 1), c: Math.min(cols[0], parts.length - 1) };
  useEffect(() => {
    if (!menu) return undefined;
    const close = (e) => (e.type !== 'keydown' || e.key === 'Escape') && setMenu(null);
    window.addEventListener('click', close);
    window.addEventListener('keydown', close);
    return () => {
      window.removeEventListener('click', close);
      window.removeEventListener('keydown', close);
    };
  }, [menu]);
  useEffect(() => {
    if (active.focus) view.box.current?.querySelector(`[data-r="${active.r}"][data-c="${active.c}"]`)?.focus();
  }, [active, view.box]);
  const blockOf = (e) => e.target.closest?.('[data-block]');
  const onClick = (e) => {
    const block = blockOf(e);
    if (!block) return;
    const level = Number(e.target.closest('[data-level]')?.dataset.level || 1);
    onLevel(block.dataset.block, level, Number(block.dataset.squares));
  };
  const onFocus = (e) => {
    const block = blockOf(e);
    if (!block) return;
    const r = Number(block.dataset.r);
    const c = Number(block.dataset.c);
    if (r !== active.r || c !== active.c) setActive({ r, c, focus: false });
  };
  const onKeyDown = (e) => {
    const block = blockOf(e);
    if (!block) return;
    const to = moveFor(e, { r: Number(block.dataset.r), c: Number(block.dataset.c) }, ops.length, parts.length, view.pageRows);
    if (to) {
      e.preventDefault();
      view.reveal(to.r, to.c);
      setActive({ ...to, focus: true });
    } else if (/^[1-4]$/.test(e.key)) onLevel(block.dataset.block, Number(e.key), Number(block.dataset.squares));
    else if (e.key === 'Delete' || e.key === 'Backspace') onReset(block.dataset.block);
    else if (e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10')) {
      e.preventDefault();
      const box = block.getBoundingClientRect();
      setMenu({ id: block.dataset.block, x: box.left, y: box.bottom });
    }
  };
  const onContextMenu = (e) => {
    const block = blockOf(e);
    if (!block) return;
    e.preventDefault();
    setMenu({ id: block.dataset.block, x: e.clientX, y: e.clientY });
  };
  const handlers = editable ? { onClick, onKeyDown, onContextMenu, onFocus } : {};
  return (
    // A scrolling region the keyboard reaches (Tab, then the arrows scroll it): axe's
    // scrollable-region-focusable.
    <div
      ref={view.box}
      onScroll={view.onScroll}
      tabIndex={0}
      role="region"
      aria-label={t('Training matrix')}
      style={{ overflow: 'auto', maxHeight: 'calc(100vh - 260px)' }}
    >
      <style>{CSS}</style>
      <table
        className={size === SIZES.touch ? 'tm-grid tm-touch' : 'tm-grid'}
        aria-rowcount={totalRows + 1}
        aria-colcount={totalCols + 1}
        style={{ width: FIRST_W + totalCols * size.col }}
        {...handlers}
      >
        <caption style={{ position: 'absolute', left: -10000 }}>{t('Training matrix')}</caption>
        <thead ref={view.head}>
          <tr aria-rowindex={1}>
            <th scope="col" className="tm-op" style={{ width: FIRST_W }}>
              {t('Operator')}
            </th>
            <Gap head width={cols[0] * size.col} />
            {range(cols[0], cols[1]).map((c) =>
              c < parts.length ? (
                <PartHeader
                  key={parts[c]._id}
                  part={parts[c]}
                  index={c}
                  width={size.col}
                  editable={editable}
                  onTarget={stable.partTarget}
                  onDelete={stable.partDelete}
                />
              ) : (
                <td key={`f${c}`} aria-colindex={c + 2} style={{ width: size.col }} />
              ),
            )}
            <Gap head width={(totalCols - cols[1]) * size.col} />
          </tr>
        </thead>
        <tbody>
          {rows[0] > 0 && (
            <tr aria-hidden="true" style={{ height: rows[0] * size.row }}>
              <td className="tm-gap" />
            </tr>
          )}
          {range(rows[0], rows[1]).map((r) => (
            <Row
              key={ops[r]?._id ?? `fr${r}`}
              r={r}
              row={ops[r] || null}
              parts={parts}
              cols={colsKey}
              total={totalCols}
              colW={size.col}
              editable={editable}
              tabCol={tab.r === r ? tab.c : -1}
              onTarget={stable.opTarget}
              onDelete={stable.opDelete}
            />
          ))}
          {rows[1] < totalRows && (
            <tr aria-hidden="true" style={{ height: (totalRows - rows[1]) * size.row }}>
              <td className="tm-gap" />
            </tr>
          )}
        </tbody>
      </table>
      {menu && (
        <div role="menu" style={{ position: 'fixed', left: menu.x, top: menu.y, background: '#fff', boxShadow: '0 3px 6px rgba(0,0,0,.2)', zIndex: 1000 }}>
          <button
            type="button"
            role="menuitem"
            autoFocus
            style={{ padding: '6px 12px', border: 0, background: 'none', cursor: 'pointer' }}
            onClick={() => onReset(menu.id)}
          >
            {t('Reset squares')}
          </button>
        </div>
      )}
    </div>
  );
}
