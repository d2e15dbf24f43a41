// Compare (decisions 73 and 79), shared by the console viewer (swp remote) and the kiosk's
// 'What changed' (island remote): two revisions of one document side by side, page by page
// with pdf.js: the blocks that differ marked on both pages, the pages added or removed
// listed, and each page's text diff (added words green, removed red). A page is drawn when
// it scrolls into view. pdf.js and its worker are chunks of their own, loaded when a pair
// is first opened (compare/pdf.js): a page that shows no compare loads neither.
import { useEffect, useRef, useState } from 'react';
import { Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { BLOCK, STRIP, diffWords, differingBlocks, markBlocks, openPdf, renderPage } from './compare/pdf';
import { useT } from './i18n';

export const COMPARE_WIDTH = 460;

/**
 * Both documents, opened with their words: { before, after }. `key` names the pair (the
 * query's key); `links()` answers { before, after } URLs when the pair is first asked.
 */
export function useComparePair(key, links, enabled = true) {
  return useQuery({
    queryKey: ['compare', ...key],
    enabled,
    staleTime: Infinity,
    retry: false,
    queryFn: async () => {
      const urls = await links();
      const [before, after] = await Promise.all([openPdf(urls.before), openPdf(urls.after)]);
      return { before, after };
    },
  });
}

/** The pages whose text changed, the pages added and the pages removed (numbers from 1). */
export function changedPages({ before, after }) {
  const count = Math.max(before.doc.numPages, after.doc.numPages);
  const pages = Array.from({ length: count }, (_, i) => i + 1);
  return {
    changed: pages.filter(
      (n) => n <= before.doc.numPages && n <= after.doc.numPages && (before.pages[n - 1] || []).join(' ') !== (after.pages[n - 1] || []).join(' '),
    ),
    added: pages.filter((n) => n > before.doc.numPages),
    removed: pages.filter((n) => n > after.doc.numPages),
  };
}

function Words({ diff }) {
  return (
    <Typography.Paragraph data-testid="text-diff" style={{ fontSize: 13 }}>
      {diff.map((d, i) =>
        d.op === 'same' ? (
          <span key={i}>{`${d.word} `}</span>
        ) : d.op === 'added' ? (
          <ins key={i} style={{ background: '#d9f7be', color: '#135200', textDecoration: 'none' }}>{`${d.word} `}</ins>
        ) : (
          <del key={i} style={{ background: '#ffccc7', color: '#820014' }}>{`${d.word} `}</del>
        ),
      )}
    </Typography.Paragraph>
  );
}

/**
 * Scrolls the nearest scrolling box to `el`, the page never: scrollIntoView also scrolled
 * the kiosk's page, taking the compare's Close Compare off screen at 1024×768.
 */
function scrollBoxTo(el) {
  for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
    const { overflowY } = getComputedStyle(box);
    if (overflowY === 'auto' || overflowY === 'scroll') {
      box.scrollTop += el.getBoundingClientRect().top - box.getBoundingClientRect().top;
      return;
    }
  }
  el.scrollIntoView({ block: 'start' });
}

/** One page pair, drawn once it comes near the screen. */
function PageRow({ n, pair, width, scrollTo, headingLevel }) {
  const t = useT('kit');
  const ref = useRef(null);
  const left = useRef(null);
  const right = useRef(null);
  const [seen, setSeen] = useState(false);
  const [changed, setChanged] = useState(null);
  const { before, after } = pair;
  const has = [n <= before.doc.numPages, n <= after.doc.numPages];
  useEffect(() => {
    if (scrollTo) scrollBoxTo(ref.current);
    const io = new IntersectionObserver((e) => e.some((x) => x.isIntersecting) && setSeen(true), { rootMargin: '300px' });
    io.observe(ref.current);
    return () => io.disconnect();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!seen) return;
    let live = true;
    (async () => {
      const scale = has[0] ? await renderPage(before.doc, n, left.current, width) : 0;
      if (has[1]) await renderPage(after.doc, n, right.current, width);
      if (!live || !has[0] || !has[1]) return;
      // The controlled-copy strips differ between any two copies (revision, dates): not a change.
      const strip = before.stamped[n - 1] && after.stamped[n - 1] ? STRIP * scale + BLOCK : 0;
      const blocks = differingBlocks(left.current, right.current).filter((b) => b.y < left.current.height - strip);
      markBlocks(left.current, blocks);
      markBlocks(right.current, blocks);
      setChanged(blocks.length);
    })().catch(() => setChanged(-1));
    return () => {
      live = false;
    };
  }, [seen]); // eslint-disable-line react-hooks/exhaustive-deps
  const diff = diffWords(before.pages[n - 1] || [], after.pages[n - 1] || []);
  return (
    <div ref={ref} data-testid="compare-page" data-page={n} data-changed={changed ?? undefined} style={{ marginBottom: 24 }}>
      <Typography.Title level={headingLevel} style={{ fontSize: 14 }}>
        {!has[0] ? t('Page {{page}} (added)', { page: n }) : !has[1] ? t('Page {{page}} (removed)', { page: n }) : t('Page {{page}}', { page: n })}
      </Typography.Title>
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        {[left, right].map((c, i) => (
          <div key={i} style={{ width, minHeight: 120, background: '#f5f5f5' }}>
            {has[i] ? (
              <canvas
                ref={c}
                aria-label={i ? t('Shown revision, page {{page}}', { page: n }) : t('Earlier revision, page {{page}}', { page: n })}
                style={{ width }}
              />
            ) : (
              <Typography.Text>{t('No page')}</Typography.Text>
            )}
          </div>
        ))}
      </div>
      <Words diff={diff} />
    </div>
  );
}

export function CompareSummary({ pair }) {
  const t = useT('kit');
  const { changed, added, removed } = changedPages(pair);
  const list = (xs) => (xs.length ? xs.join(', ') : t('none'));
  return (
    <Typography.Paragraph data-testid="compare-summary">
      {t('Pages with changed text: {{changed}}. Pages added: {{added}}. Pages removed: {{removed}}.', {
        changed: list(changed),
        added: list(added),
        removed: list(removed),
      })}
    </Typography.Paragraph>
  );
}

/**
 * The summary and every page pair of an opened `pair`; `at`: the page to scroll to;
 * headingLevel: the pages' headings, one below the heading before the compare (axe's
 * heading-order).
 */
export function ComparePages({ pair, width = COMPARE_WIDTH, at, headingLevel = 3 }) {
  const count = Math.max(pair.before.doc.numPages, pair.after.doc.numPages);
  return (
    <div>
      <CompareSummary pair={pair} />
      {Array.from({ length: count }, (_, i) => (
        <PageRow key={i + 1} n={i + 1} pair={pair} width={width} scrollTo={at === i + 1} headingLevel={headingLevel} />
      ))}
    </div>
  );
}
