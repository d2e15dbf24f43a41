// The SWP viewer: the kit's DocumentViewer on the SWP's signed links (it fetches them
// afresh whenever a section is shown, and before they expire). A failed load is only
// logged (spec section 8) and shows 'No document'.
//
// Which SWP is open and its section live in the URL (?tab=…&swp=<id>&section=jes), so
// reload, Back and a shared link land on the same view: useSwpView().
import { Suspense, lazy, useMemo, useState } from 'react';
import { Button, Space, Spin, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { SwpCompare, useT } from '@plantdoc/kit';
import { swpLinks, useSwp } from '../api';
import { packageUrl } from '../lib';
import { DetailsLink } from './ListTools';

const DocumentViewer = lazy(() => import('./DocumentViewerPart'));
// Compare (the kit's SwpCompare) and pdf.js: their own chunks, loaded when Compare opens.
// Translations: their own chunk, loaded when opened.
const TranslationsPanel = lazy(() => import('./TranslationsPanel'));
const StillToTranslate = lazy(() => import('./StillToTranslate'));

const SECTIONS = ['swc', 'jes', 'vis', 'video'];
/** { id, section, open(swp), close(), setSection(s) } over the URL's query. */
export function useSwpView() {
  const [params, setParams] = useSearchParams();
  return useMemo(() => {
    const edit = (change, options) =>
      setParams((p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(change)) {
          if (v == null) next.delete(k);
          else next.set(k, v);
        }
        return next;
      }, options);
    const section = params.get('section');
    const at = Number(params.get('at'));
    return {
      id: params.get('swp'),
      section: SECTIONS.includes(section) ? section : 'swc',
      // A search result opens its section at its page (?at=N).
      page: Number.isInteger(at) && at > 0 ? at : null,
      open: (swp, where = {}) => edit({ swp: swp._id, section: where.section && where.section !== 'swc' ? where.section : null, at: where.page || null }),
      close: () => edit({ swp: null, section: null, at: null }),
      setSection: (s) => edit({ section: s === 'swc' ? null : s, at: null }, { replace: true }),
    };
  }, [params, setParams]);
}

/**
 * Under change control's effective dates (the console's SWP answer): where this revision
 * takes effect later, or where this superseded one stays in force until then.
 */
export function EffectiveNotice({ swp }) {
  const t = useT('swp');
  const zones = (list) => list.map((d) => t('{{day}} in {{zone}}', d)).join(', ');
  const from = swp?.effectiveFrom || [];
  const until = swp?.inForceUntil || [];
  if (!from.length && !until.length) return null;
  return (
    <Typography.Paragraph strong role="status" data-testid="effective-notice" style={{ marginBottom: 8 }}>
      {from.length ? t('Takes effect on {{days}}', { days: zones(from) }) : t('In force until {{days}}', { days: zones(until) })}
    </Typography.Paragraph>
  );
}

/** The open SWP (`view` from useSwpView); `known` is its list row when there is one. */
export function SwpViewer({ view, known, lifetimeSeconds }) {
  const t = useT('swp');
  const [comparing, setComparing] = useState(false);
  const [translating, setTranslating] = useState(false);
  // Translations read the whole SWP (list rows do not carry them).
  const fetched = useSwp(known && !translating ? null : view.id);
  const swp = (translating ? fetched.data || known : known || fetched.data) || { _id: view.id, partNumber: '' };
  // The list rows carry no effective dates: the viewer's own read does.
  const viewed = useSwp(view.id);
  return (
    <div data-testid="swp-viewer">
      <Space align="baseline" size="middle">
        <Typography.Title level={2} style={{ marginTop: 0, fontSize: 16 }}>
          {swp.partNumber}
        </Typography.Title>
        {swp.partNumber && <DetailsLink partNumber={swp.partNumber} />}
        {!comparing && <Button onClick={() => setComparing(true)}>{t('Compare')}</Button>}
        {swp.status === 'deployed' && <Button onClick={() => setTranslating((on) => !on)}>{translating ? t('Hide translations') : t('Translations')}</Button>}
        {swp.status === 'deployed' && swp.partNumber && (
          <Button href={packageUrl(swp.partNumber)} download>
            {t('Download to keep')}
          </Button>
        )}
      </Space>
      <EffectiveNotice swp={viewed.data} />
      {!translating && (
        <Suspense fallback={null}>
          {/* What this revision is not yet translated into (the panel shows it when open). */}
          <StillToTranslate swpId={view.id} />
        </Suspense>
      )}
      {translating && (
        <Suspense fallback={<Spin />}>
          <TranslationsPanel swp={swp} />
        </Suspense>
      )}
      <Suspense fallback={<Spin style={{ display: 'block', padding: 48 }} />}>
        {comparing ? (
          <SwpCompare swp={{ ...swp, _id: view.id }} onClose={() => setComparing(false)} />
        ) : (
          <DocumentViewer
            links={swpLinks(view.id)}
            lifetimeSeconds={lifetimeSeconds}
            onBack={view.close}
            title={`${swp.partNumber} ${view.section.toUpperCase()}`}
            section={view.section}
            page={view.page}
            onSectionChange={view.setSection}
          />
        )}
      </Suspense>
    </div>
  );
}
