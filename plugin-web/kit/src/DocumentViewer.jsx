// The document viewer: Back, SWC, JES, VIS, VIDEO; SWC first; VIDEO disabled when there
// is no video. PDFs show in a frame, the video in a player; 900 px high.
//
// Links: pass `links` ({ queryKey, queryFn } from the module's api.js, answering
// { swc, jes, vis, video }). Signed links expire, so the viewer asks for new ones each
// time a section is shown or shown again, and again before they run out while it stays
// open (useSignedLinks: at 80 % of `lifetimeSeconds`, default 300). `urls` is for fixed
// links that never expire. `section` / `onSectionChange` make the section controlled;
// `controls={false}` hides the button bar (for a page with its own buttons).
import { useEffect, useRef, useState } from 'react';
import { Button, Empty, Space, Spin } from 'antd';
import { useSignedLinks } from './query';
import { DocumentFrame, PDF_VIEW, useRefusal } from './DocumentFrame';
import { k, useT } from './i18n';

export const VIEWER_HEIGHT = 900;
const SECTIONS = [
  ['swc', 'SWC'],
  ['jes', 'JES'],
  ['vis', 'VIS'],
  ['video', k('VIDEO')],
];
const NO_LINKS = { queryKey: ['no-links'], queryFn: () => ({}) };

/** The player keeps its position (and keeps playing) when its link is renewed; a link
 * it cannot load asks for fresh links once, then says so (as the frame does). */
function Video({ src, onRefused }) {
  const { refused, refuse, loaded, message } = useRefusal(src, onRefused);
  const ref = useRef(null);
  const state = useRef({ at: 0, playing: false });
  useEffect(() => {
    const v = ref.current;
    if (!v) return undefined;
    const save = () => {
      state.current = { at: v.currentTime, playing: !v.paused };
    };
    v.addEventListener('timeupdate', save);
    v.addEventListener('pause', save);
    return () => {
      v.removeEventListener('timeupdate', save);
      v.removeEventListener('pause', save);
    };
  }, [refused]);
  const resume = (e) => {
    loaded();
    const { at, playing } = state.current;
    if (at) e.currentTarget.currentTime = at;
    if (playing) e.currentTarget.play()?.catch(() => {});
  };
  if (refused) return message;
  return <video ref={ref} src={src} controls onLoadedMetadata={resume} onError={refuse} style={{ width: '100%', height: '100%' }} />;
}

export function DocumentViewer({ links, urls: fixed, lifetimeSeconds, onBack, title, section: shown, onSectionChange, controls = true, page }) {
  const t = useT('kit');
  const [own, setOwn] = useState('swc');
  const section = shown ?? own;
  const select = (key) => {
    setOwn(key);
    onSectionChange?.(key);
  };
  // The section is part of the key: showing a section is a new query, fetched afresh.
  const source = links || NO_LINKS;
  const fetched = useSignedLinks({
    queryKey: [...source.queryKey, section],
    queryFn: source.queryFn,
    enabled: Boolean(links),
    lifetimeSeconds,
  });
  const urls = links ? (fetched.isError ? {} : fetched.data) : fixed || {};
  // The buttons keep the last answer's state while the next one loads.
  const last = useRef({});
  if (urls) last.current = urls;
  // A page to open at (a search result): the PDF viewer's own #page= fragment.
  const at = page > 0 && section !== 'video' ? page : null;
  const src = urls?.[section] && at ? `${urls[section]}#page=${at}&${PDF_VIEW}` : urls?.[section];

  let body;
  if (!urls) body = <Spin style={{ display: 'block', paddingTop: 120 }} />;
  else if (!src) body = <Empty style={{ paddingTop: 120 }} description={t('No document')} />;
  else if (section === 'video') body = <Video src={src} onRefused={links ? () => fetched.refetch() : undefined} />;
  else body = <DocumentFrame title={title || section.toUpperCase()} src={src} onRefused={links ? () => fetched.refetch() : undefined} />;

  return (
    <div>
      {controls && (
        <Space wrap style={{ marginBottom: 12 }}>
          {onBack && <Button onClick={onBack}>{t('Back')}</Button>}
          {SECTIONS.map(([key, label]) => (
            <Button key={key} type={section === key ? 'primary' : 'default'} disabled={key === 'video' && !last.current.video} onClick={() => select(key)}>
              {t(label)}
            </Button>
          ))}
        </Space>
      )}
      <div
        data-testid="document-viewer"
        data-section={section}
        data-page={at ?? undefined}
        aria-busy={!urls}
        style={{ height: VIEWER_HEIGHT, background: '#f5f5f5' }}
      >
        {body}
      </div>
    </div>
  );
}
