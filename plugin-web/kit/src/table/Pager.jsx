// The list table's pager: ‹ 1 … 4 5 [6] 7 8 … 20 › and the rows-per-page changer
// ('10 / page'), as antd draws its Pagination; plain buttons and a native select (antd's
// Pagination brings its Select, 21 KB, onto every list page for the changer alone).
import { useT } from '../i18n';

const WINDOW = 2; // pages either side of the current one
const JUMP = 5; // what '…' jumps, as antd's

/** The page numbers to draw, with 'prev'/'next' where a run of pages is left out. */
export function pageItems(current, pages) {
  if (pages <= 2 * WINDOW + 3) return Array.from({ length: pages }, (_, i) => i + 1);
  let left = Math.max(2, current - WINDOW);
  let right = Math.min(pages - 1, current + WINDOW);
  if (current - 1 <= WINDOW) right = 2 * WINDOW + 2;
  if (pages - current <= WINDOW) left = pages - 2 * WINDOW - 1;
  const items = [1];
  if (left > 2) items.push('prev');
  for (let p = left; p <= right; p += 1) items.push(p);
  if (right < pages - 1) items.push('next');
  items.push(pages);
  return items;
}

function Arrow({ dir }) {
  const d = dir === 'left' ? 'M10 3 5 8l5 5' : 'M6 3l5 5-5 5';
  return (
    <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

/** sizes: the rows-per-page choices (the current size is added if it is not one, as antd does). */
export function Pager({ current, pageSize, total, sizes, showSizeChanger, onPage, onSize }) {
  const t = useT('kit');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const go = (p) => {
    const page = Math.min(pages, Math.max(1, p));
    if (page !== current) onPage(page);
  };
  return (
    <nav className="pd-pager" aria-label={t('Pages')}>
      <ul>
        <li>
          <button
            type="button"
            className="pd-pager-arrow"
            title={t('Previous Page')}
            aria-label={t('Previous Page')}
            disabled={current <= 1}
            onClick={() => go(current - 1)}
          >
            <Arrow dir="left" />
          </button>
        </li>
        {pageItems(current, pages).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                className={item === current ? 'pd-pager-item pd-pager-active' : 'pd-pager-item'}
                title={String(item)}
                aria-label={t('Page {{page}}', { page: item })}
                aria-current={item === current ? 'page' : undefined}
                onClick={() => go(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className="pd-pager-jump"
                title={item === 'prev' ? t('Previous {{count}} Pages', { count: JUMP }) : t('Next {{count}} Pages', { count: JUMP })}
                aria-label={item === 'prev' ? t('Previous {{count}} Pages', { count: JUMP }) : t('Next {{count}} Pages', { count: JUMP })}
                onClick={() => go(item === 'prev' ? current - JUMP : current + JUMP)}
              >
                •••
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className="pd-pager-arrow"
            title={t('Next Page')}
            aria-label={t('Next Page')}
            disabled={current >= pages}
            onClick={() => go(current + 1)}
          >
            <Arrow dir="right" />
          </button>
        </li>
        {showSizeChanger && (
          <li className="pd-pager-size">
            <select aria-label={t('Rows per page')} value={pageSize} onChange={(e) => onSize(Number(e.target.value))}>
              {[...new Set([...sizes, pageSize])]
                .sort((a, b) => a - b)
                .map((s) => (
                  <option key={s} value={s}>
                    {t('{{size}} / page', { size: s })}
                  </option>
                ))}
            </select>
          </li>
        )}
      </ul>
    </nav>
  );
}
