// The part of a large matrix that is on screen. Rows and columns have a fixed size, so
// the rows and columns in view follow from the scroll position; only those (plus a few
// either side) are rendered. A 200 × 100 matrix is 20 000 blocks: rendering them all
// took seconds (plugins/training/README.md, 'Speed'). Without layout (tests in jsdom) a large
// default view is used, so a small matrix is rendered whole. On a touch screen (primary
// pointer coarse) rows and columns are larger, for squares of at least 40 px.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';

export const ROW_H = 32;
export const COL_W = 96;
export const FIRST_W = 240;
/** The sizes of rows and columns: with a mouse, and on a touch screen (2 × 2 squares of 40 px). */
export const SIZES = { mouse: { row: ROW_H, col: COL_W }, touch: { row: 100, col: 112 } };
const COARSE = '(pointer: coarse)';

/** True on a touch screen (its primary pointer is coarse), following changes. */
export function useCoarsePointer() {
  return useSyncExternalStore(
    (onChange) => {
      const q = typeof matchMedia === 'function' ? matchMedia(COARSE) : null;
      q?.addEventListener?.('change', onChange);
      return () => q?.removeEventListener?.('change', onChange);
    },
    () => typeof matchMedia === 'function' && matchMedia(COARSE).matches,
    () => false,
  );
}
const OVERSCAN_ROWS = 6;
const OVERSCAN_COLS = 3;
const NO_LAYOUT = { width: 2600, height: 1000 };

const clamp = (n, lo, hi) => Math.max(lo, Math.min(hi, n));

/** `size`: {row, col} in px (SIZES). */
export function useGridWindow(rowCount, colCount, size = SIZES.mouse) {
  const { row: ROW, col: COL } = size;
  const box = useRef(null);
  const head = useRef(null);
  const frame = useRef(0);
  const [view, setView] = useState({ top: 0, left: 0, width: 0, height: 0, headH: 0 });
  const measure = useCallback(() => {
    frame.current = 0;
    const el = box.current;
    if (!el) return;
    const next = { top: el.scrollTop, left: el.scrollLeft, width: el.clientWidth, height: el.clientHeight, headH: head.current?.offsetHeight || 0 };
    setView((v) => (Object.keys(next).every((k) => v[k] === next[k]) ? v : next));
  }, []);
  const onScroll = useCallback(() => {
    if (!frame.current) frame.current = requestAnimationFrame(measure);
  }, [measure]);
  useLayoutEffect(measure, [measure, rowCount, colCount, ROW, COL]);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => measure());
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame.current);
    };
  }, [measure]);

  const width = view.width || NO_LAYOUT.width;
  const height = view.height || NO_LAYOUT.height;
  const firstRow = Math.floor(view.top / ROW);
  const lastRow = Math.floor((view.top + height - view.headH) / ROW);
  const firstCol = Math.floor(view.left / COL);
  const lastCol = Math.floor((view.left + width - FIRST_W) / COL);
  const rows = [clamp(firstRow - OVERSCAN_ROWS, 0, rowCount), clamp(lastRow + 1 + OVERSCAN_ROWS, 0, rowCount)];
  const cols = [clamp(firstCol - OVERSCAN_COLS, 0, colCount), clamp(lastCol + 1 + OVERSCAN_COLS, 0, colCount)];

  /** Scrolls just enough for row r and column c to be in full view (keyboard moves). */
  const reveal = useCallback(
    (r, c) => {
      const el = box.current;
      if (!el) return;
      const headH = head.current?.offsetHeight || 0;
      const top = r * ROW;
      if (top < el.scrollTop) el.scrollTop = top;
      else if (headH + top + ROW > el.scrollTop + el.clientHeight) el.scrollTop = headH + top + ROW - el.clientHeight;
      const left = c * COL;
      if (left < el.scrollLeft) el.scrollLeft = left;
      else if (FIRST_W + left + COL > el.scrollLeft + el.clientWidth) el.scrollLeft = FIRST_W + left + COL - el.clientWidth;
      measure();
    },
    [measure, ROW, COL],
  );
  const pageRows = Math.max(1, Math.floor((height - view.headH) / ROW) - 1);
  return { box, head, onScroll, rows, cols, reveal, pageRows };
}
