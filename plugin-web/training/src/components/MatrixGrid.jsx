// The matrix: parts as columns, operators as rows, a block of four squares where they
// meet, filled out to at least 22 columns and 20 rows. One focusable button per block;
// clicks, keys and the context menu are handled once, on the table (a 200 × 100 matrix
// is 20 000 blocks).
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Space, Tag, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { MIN_COLUMNS, MIN_ROWS, ROTATION_COLOURS, certColour } from '../levels';

const SQUARE = { display: 'inline-block', width: 9, height: 9, border: '1px solid #595959', margin: 1 };

function squareColour(squares, n) {
  if (squares < 0) return '#bfbfbf';
  return squares >= n ? '#1677ff' : '#fff';
}

export const Block = memo(function Block({ cell, part, editable }) {
  const label = `${cell.opNumber} on ${part.partNumber}: level ${cell.squares}`;
  const squares = [1, 2, 3, 4].map((n) => (
    <span key={n} data-level={n} aria-hidden="true" style={{ ...SQUARE, background: squareColour(cell.squares, n) }} />
  ));
  if (!editable) return <span role="img" aria-label={label}>{squares}</span>;
  return (
    <button type="button" data-block={cell._id} data-squares={cell.squares} aria-label={label} title={label} style={{ padding: 2, border: 0, background: 'none', cursor: 'pointer' }}>
      {squares}
    </button>
  );
});

function PartHeader({ part, editable, onTarget, onDelete }) {
  return (
    <th scope="col" style={{ minWidth: 96, verticalAlign: 'top', fontWeight: 'normal', padding: 4 }}>
      <div style={{ fontWeight: 600 }}>{part.partNumber}</div>
      <div>{part.partDesc || '\u00a0'}</div>
      <Tag style={{ background: ROTATION_COLOURS[part.partRotation], borderColor: ROTATION_COLOURS[part.partRotation], color: '#000' }}>{part.partRotation} hr</Tag>
      <div>
        <span style={{ color: certColour(part.certCount, part.certTarget), fontWeight: 600 }}>{part.certCount}</span> / {part.certTarget}
      </div>
      {editable && (
        <Space size={0}>
          <Tooltip title="Edit target">
            <Button size="small" type="text" icon={<EditOutlined />} aria-label={`Edit the target of ${part.partNumber}`} onClick={() => onTarget(part)} />
          </Tooltip>
          <Tooltip title="Delete part">
            <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`Delete part ${part.partNumber}`} onClick={() => onDelete(part)} />
          </Tooltip>
        </Space>
      )}
    </th>
  );
}

const Row = memo(function Row({ row, parts, fill, editable, onTarget, onDelete }) {
  return (
    <tr>
      <th scope="row" style={{ textAlign: 'left', padding: 4, fontWeight: 'normal', whiteSpace: 'nowrap' }}>
        <span style={{ fontWeight: 600 }}>{row.opNumber}</span> <span>{row.opName}</span>{' '}
        <span style={{ color: certColour(row.certCount, row.certTarget), fontWeight: 600 }}>{row.certCount}</span> / {row.certTarget}
        {editable && (
          <>
            <Button size="small" type="text" icon={<EditOutlined />} aria-label={`Edit the target of ${row.opNumber}`} onClick={() => onTarget(row)} />
            <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`Delete operator ${row.opNumber}`} onClick={() => onDelete(row)} />
          </>
        )}
      </th>
      {row.rowData.map((cell, i) => (
        <td key={cell._id} style={{ textAlign: 'center', border: '1px solid #f0f0f0' }}>
          <Block cell={{ ...cell, opNumber: row.opNumber }} part={parts[i]} editable={editable} />
        </td>
      ))}
      {Array.from({ length: fill }, (_, i) => (
        <td key={`f${i}`} style={{ border: '1px solid #f0f0f0' }} />
      ))}
    </tr>
  );
});

/**
 * onLevel(blockId, n, current): a square clicked (or digit key); onReset(blockId): the
 * context menu's 'Reset squares' (or the Delete key).
 */
export function MatrixGrid({ data, editable, onLevel, onReset, onPartTarget, onPartDelete, onOpTarget, onOpDelete }) {
  const [menu, setMenu] = useState(null);
  // Stable callbacks for the memoised rows: a parent re-render (a dialog opening) must
  // not re-render 20 000 blocks.
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
  const parts = data.partList;
  const fillCols = Math.max(0, MIN_COLUMNS - parts.length);
  const fillRows = Math.max(0, MIN_ROWS - data.matrix.length);
  const blockOf = (e) => e.target.closest?.('[data-block]');
  const onClick = (e) => {
    const block = blockOf(e);
    if (!block) return;
    const level = Number(e.target.closest('[data-level]')?.dataset.level || 1);
    onLevel(block.dataset.block, level, Number(block.dataset.squares));
  };
  const onKeyDown = (e) => {
    const block = blockOf(e);
    if (!block) return;
    if (/^[1-4]$/.test(e.key)) onLevel(block.dataset.block, Number(e.key), Number(block.dataset.squares));
    else if (e.key === 'Delete' || e.key === 'Backspace') onReset(block.dataset.block);
    else if (e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10')) {
      e.preventDefault();
      const r = block.getBoundingClientRect();
      setMenu({ id: block.dataset.block, x: r.left, y: r.bottom });
    }
  };
  const onContextMenu = (e) => {
    const block = blockOf(e);
    if (!block) return;
    e.preventDefault();
    setMenu({ id: block.dataset.block, x: e.clientX, y: e.clientY });
  };
  return (
    <div style={{ overflow: 'auto', maxHeight: 'calc(100vh - 260px)' }}>
      <table style={{ borderCollapse: 'collapse', fontSize: 12 }} onClick={editable ? onClick : undefined} onKeyDown={editable ? onKeyDown : undefined} onContextMenu={editable ? onContextMenu : undefined}>
        <caption style={{ position: 'absolute', left: -10000 }}>Training matrix</caption>
        <thead>
          <tr>
            <th scope="col" style={{ textAlign: 'left', padding: 4, minWidth: 180 }}>Operator</th>
            {parts.map((p) => (
              <PartHeader key={p._id} part={p} editable={editable} onTarget={stable.partTarget} onDelete={stable.partDelete} />
            ))}
            {Array.from({ length: fillCols }, (_, i) => (
              <td key={`f${i}`} style={{ minWidth: 48 }} />
            ))}
          </tr>
        </thead>
        <tbody>
          {data.matrix.map((row) => (
            <Row key={row._id} row={row} parts={parts} fill={fillCols} editable={editable} onTarget={stable.opTarget} onDelete={stable.opDelete} />
          ))}
          {Array.from({ length: fillRows }, (_, r) => (
            <tr key={`fr${r}`} data-filler="row" style={{ height: 22 }}>
              {Array.from({ length: parts.length + fillCols + 1 }, (_, i) => (
                <td key={i} style={{ border: '1px solid #f0f0f0' }} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {menu && (
        <div role="menu" style={{ position: 'fixed', left: menu.x, top: menu.y, background: '#fff', boxShadow: '0 3px 6px rgba(0,0,0,.2)', zIndex: 1000 }}>
          <button type="button" role="menuitem" autoFocus style={{ padding: '6px 12px', border: 0, background: 'none', cursor: 'pointer' }} onClick={() => onReset(menu.id)}>
            Reset squares
          </button>
        </div>
      )}
    </div>
  );
}
