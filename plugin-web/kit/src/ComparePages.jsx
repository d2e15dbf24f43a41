// Compare (issue 31): the shown revision beside an earlier one of the same part (obsolete
// ones included), SWC, JES and VIS, page by page with pdf.js: the blocks that differ
// marked on both pages, the pages added or removed listed, and each page's text diff
// (added words green, removed red). A page is drawn when it scrolls into view.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Select, Space, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { api } from '@plantdoc/kit';
import { revisionText } from '../lib';
import { BLOCK, STRIP, diffWords, differingBlocks, markBlocks, openPdf, renderPage } from './pdf';

const enc = encodeURIComponent;
const WIDTH = 460;
const SECTIONS = [
  ['swc', 'SWC'],
  ['jes', 'JES'],
  ['vis', 'VIS'],
];

const links = (id) => api.get(`/api/swps/signed-urls/${enc(id)}`).then((b) => b?.urls || {});

/** Both documents of a section, opened with their words: { before, after } or an error. */
function usePair(beforeId, afterId, section) {
  return useQuery({
    queryKey: ['swp', 'compare', beforeId, afterId, section],
    enabled: Boolean(beforeId && afterId),
    staleTime: Infinity,
    queryFn: async () => {
      const [a, b] = await Promise.all([links(beforeId), links(afterId)]);
      const [before, after] = await Promise.all([openPdf(a[section]), openPdf(b[section])]);
      return { before, after };
    },
  });
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

/** One page pair, drawn once it comes near the screen. */
function PageRow({ n, pair }) {
  const ref = useRef(null);
  const left = useRef(null);
  const right = useRef(null);
  const [seen, setSeen] = useState(false);
  const [changed, setChanged] = useState(null);
  const { before, after } = pair;
  const has = [n <= before.doc.numPages, n <= after.doc.numPages];
  useEffect(() => {
    const io = new IntersectionObserver((e) => e.some((x) => x.isIntersecting) && setSeen(true), { rootMargin: '300px' });
    io.observe(ref.current);
    return () => io.disconnect();
  }, []);
  useEffect(() => {
    if (!seen) return;
    let live = true;
    (async () => {
      const scale = has[0] ? await renderPage(before.doc, n, left.current, WIDTH) : 0;
      if (has[1]) await renderPage(after.doc, n, right.current, WIDTH);
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
      <Typography.Title level={3} style={{ fontSize: 14 }}>
        {`Page ${n}${!has[0] ? ' (added)' : !has[1] ? ' (removed)' : ''}`}
      </Typography.Title>
      <Space align="start" size="large" wrap>
        {[left, right].map((c, i) => (
          <div key={i} style={{ width: WIDTH, minHeight: 120, background: '#f5f5f5' }}>
            {has[i] ? (
              <canvas ref={c} aria-label={`${i ? 'Shown' : 'Earlier'} revision, page ${n}`} style={{ width: WIDTH }} />
            ) : (
              <Typography.Text>No page</Typography.Text>
            )}
          </div>
        ))}
      </Space>
      <Words diff={diff} />
    </div>
  );
}

function Summary({ pair }) {
  const { before, after } = pair;
  const count = Math.max(before.doc.numPages, after.doc.numPages);
  const pages = Array.from({ length: count }, (_, i) => i + 1);
  const added = pages.filter((n) => n > before.doc.numPages);
  const removed = pages.filter((n) => n > after.doc.numPages);
  const changed = pages.filter(
    (n) => n <= before.doc.numPages && n <= after.doc.numPages && (before.pages[n - 1] || []).join(' ') !== (after.pages[n - 1] || []).join(' '),
  );
  const list = (xs) => (xs.length ? xs.join(', ') : 'none');
  return (
    <Typography.Paragraph data-testid="compare-summary">
      {`Pages with changed text: ${list(changed)}. Pages added: ${list(added)}. Pages removed: ${list(removed)}.`}
    </Typography.Paragraph>
  );
}

export default function CompareView({ swp, onClose }) {
  const revs = useQuery({
    queryKey: ['swp', 'revisions', swp._id],
    queryFn: () => api.get(`/api/swps/revisions/${enc(swp._id)}`).then((b) => b?.revisions || []),
  });
  const earlier = (revs.data || []).filter((r) => r._id !== swp._id);
  const [other, setOther] = useState(null);
  const [section, setSection] = useState('swc');
  const beforeId = other || earlier[0]?._id;
  const pair = usePair(beforeId, swp._id, section);
  const count = pair.data ? Math.max(pair.data.before.doc.numPages, pair.data.after.doc.numPages) : 0;
  return (
    <div data-testid="compare-view">
      <Space wrap style={{ marginBottom: 12 }}>
        <Button onClick={onClose}>Close Compare</Button>
        <Select
          aria-label="Earlier revision"
          style={{ minWidth: 220 }}
          value={beforeId}
          onChange={setOther}
          options={earlier.map((r) => ({ value: r._id, label: `${revisionText(r.revision)} (${r.status})` }))}
        />
        {SECTIONS.map(([key, label]) => (
          <Button key={key} type={section === key ? 'primary' : 'default'} onClick={() => setSection(key)}>
            {label}
          </Button>
        ))}
      </Space>
      {revs.isSuccess && !earlier.length && <Alert type="info" title="This part has no earlier revision to compare with." />}
      {pair.isError && <Alert type="error" title="These documents could not be compared." />}
      {pair.isFetching && <Spin style={{ display: 'block', padding: 48 }} />}
      {pair.data && !pair.isFetching && (
        <div>
          <Summary pair={pair.data} />
          {Array.from({ length: count }, (_, i) => (
            <PageRow key={`${beforeId}-${section}-${i + 1}`} n={i + 1} pair={pair.data} />
          ))}
        </div>
      )}
    </div>
  );
}
