// pdf.js for Compare (decision 73), loaded only when Compare opens: the library and its
// worker are their own chunks. Pages are compared by their text (a word diff) and by
// their pixels (blocks that differ), both here, in the browser.
let loading;

/** pdfjs-dist, its worker started once. */
export function pdfjs() {
  loading ||= import('pdfjs-dist').then((lib) => {
    lib.GlobalWorkerOptions.workerPort = new Worker(new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url), { type: 'module' });
    return lib;
  });
  return loading;
}

/** The PDF at `url`, the words of each page and whether it carries the controlled-copy
 *  stamp: { doc, pages: [[word]], stamped: [bool] }. */
export async function openPdf(url) {
  const lib = await pdfjs();
  const doc = await lib.getDocument({ url, withCredentials: false }).promise;
  const pages = [];
  const stamped = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const text = await page.getTextContent();
    const own = withoutStamp(lib, page, text.items);
    stamped.push(own.length !== text.items.length);
    pages.push(
      own
        .map((i) => i.str || '')
        .join(' ')
        .split(/\s+/)
        .filter(Boolean),
    );
  }
  return { doc, pages, stamped };
}

/** Height of the controlled-copy strip the server adds below each shown page (points). */
export const STRIP = 66;
const STAMP = /Controlled copy|UNCONTROLLED WHEN PRINTED|DO NOT USE/;

/**
 * The page's text items but the controlled-copy stamp's: the strip at the bottom of the
 * page as shown carries the revision, dates and the printer's name, which differ between
 * any two copies. Dropped only when the strip holds the stamp (a copy served unstamped
 * keeps its own text there).
 */
function withoutStamp(lib, page, items) {
  const view = page.getViewport({ scale: 1 });
  const inStrip = (i) => lib.Util.transform(view.transform, i.transform)[5] > view.height - STRIP;
  // The strip's text as one line: pdf.js may give the stamp word by word (its embedded
  // font is set glyph by glyph), so the words are joined before looking for the stamp.
  const strip = items
    .filter(inStrip)
    .map((i) => i.str || '')
    .join(' ')
    .replace(/\s+/g, ' ');
  return STAMP.test(strip) ? items.filter((i) => !inStrip(i)) : items;
}

const MAX_CELLS = 4_000_000;

/** A word diff: [{ op: 'same' | 'added' | 'removed', word }] (LCS; too long a page is all changed). */
export function diffWords(before, after) {
  const n = before.length;
  const m = after.length;
  if (n * m > MAX_CELLS) return [...before.map((word) => ({ op: 'removed', word })), ...after.map((word) => ({ op: 'added', word }))];
  const t = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) t[i][j] = before[i] === after[j] ? t[i + 1][j + 1] + 1 : Math.max(t[i + 1][j], t[i][j + 1]);
  const out = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (before[i] === after[j]) {
      out.push({ op: 'same', word: before[i] });
      i++;
      j++;
    } else if (t[i + 1][j] >= t[i][j + 1]) out.push({ op: 'removed', word: before[i++] });
    else out.push({ op: 'added', word: after[j++] });
  }
  while (i < n) out.push({ op: 'removed', word: before[i++] });
  while (j < m) out.push({ op: 'added', word: after[j++] });
  return out;
}

/** Draws page `n` of `doc` into `canvas` at `width` CSS pixels; answers the pixels per point. */
export async function renderPage(doc, n, canvas, width) {
  const page = await doc.getPage(n);
  const base = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: width / base.width });
  canvas.width = Math.round(viewport.width);
  canvas.height = Math.round(viewport.height);
  await page.render({ canvas, canvasContext: canvas.getContext('2d'), viewport }).promise;
  return viewport.scale;
}

export const BLOCK = 8;

/** Blocks (BLOCK px squares) whose pixels differ between two canvases: [{ x, y }]. */
export function differingBlocks(a, b) {
  const w = Math.min(a.width, b.width);
  const h = Math.min(a.height, b.height);
  if (!w || !h) return [];
  const da = a.getContext('2d', { willReadFrequently: true }).getImageData(0, 0, w, h).data;
  const db = b.getContext('2d', { willReadFrequently: true }).getImageData(0, 0, w, h).data;
  const out = [];
  for (let y = 0; y < h; y += BLOCK) {
    for (let x = 0; x < w; x += BLOCK) {
      let differs = false;
      for (let yy = y; yy < Math.min(y + BLOCK, h) && !differs; yy++) {
        for (let xx = x; xx < Math.min(x + BLOCK, w); xx++) {
          const k = (yy * w + xx) * 4;
          if (Math.abs(da[k] - db[k]) + Math.abs(da[k + 1] - db[k + 1]) + Math.abs(da[k + 2] - db[k + 2]) > 48) {
            differs = true;
            break;
          }
        }
      }
      if (differs) out.push({ x, y });
    }
  }
  return out;
}

/** Marks `blocks` on `canvas` (translucent red). */
export function markBlocks(canvas, blocks) {
  const g = canvas.getContext('2d');
  g.fillStyle = 'rgba(255, 0, 0, 0.28)';
  for (const { x, y } of blocks) g.fillRect(x, y, BLOCK, BLOCK);
}
