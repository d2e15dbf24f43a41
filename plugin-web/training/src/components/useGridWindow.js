// The part of a large matrix that is on screen. Rows and columns have a fixed size, so
// the rows and columns in view follow from the scroll position; only those (plus a few
// either side) are rendered. A 200 × 100 matrix is 20 000 blocks: rendering them all
// took seconds (plugins/training/README.md, 'Speed'). Without layout (tests in jsdom) a large
// default view is used, so a small matrix is rendered whole.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

export const ROW_H = 32;
export const COL_W = 96;
export const FIRST_W = 240;
const OVERSCAN_ROWS = 6;
const OVERSCAN_COLS = 3;
const NO_LAYOUT = { width: 2600, height: 1000 };

const clamp = (n, lo, hi) => Math.max(lo, Math.min(hi, n));

export function useGridWindow(rowCount, colCount) {
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
  useLayoutEffect(measure, [measure, rowCount, colCount]);
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
  const firstRow = Math.floor(view.top / ROW_H);
  const lastRow = Math.floor((view.top + height - view.headH) / ROW_H);
  const firstCol = Math.floor(view.left / COL_W);
  const lastCol = Math.floor((view.left + width - FIRST_W) / COL_W);
  const rows = [clamp(firstRow - OVERSCAN_ROWS, 0, rowCount), clamp(lastRow + 1 + OVERSCAN_ROWS, 0, rowCount)];
  const cols = [clamp(firstCol - OVERSCAN_COLS, 0, colCount), clamp(lastCol + 1 + OVERSCAN_COLS, 0, colCount)];

  /** Scrolls just enough for row r and column c to be in full view (keyboard moves). */
  const reveal = useCallback(
    (r, c) => {
      const el = box.current;
      if (!el) return;
      const headH = head.current?.offsetHeight || 0;
      const top = r * ROW_H;
      if (top < el.scrollTop) el.scrollTop = top;
      else if (headH + top + ROW_H > el.scrollTop + el.clientHeight) el.scrollTop = headH + top + ROW_H - el.clientHeight;
      const left = c * COL_W;
      if (left < el.scrollLeft) el.scrollLeft = left;
      else if (FIRST_W + left + COL_W > el.scrollLeft + el.clientWidth) el.scrollLeft = FIRST_W + left + COL_W - el.clientWidth;
      measure();
    },
    [measure],
  );
  const pageRows = Math.max(1, Math.floor((height - view.headH) / ROW_H) - 1);
  return { box, head, onScroll, rows, cols, reveal, pageRows };
}
