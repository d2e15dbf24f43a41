// Sign Off (SIGNOFF_PAGE): tabs SWPs and Alerts, and Translations while some wait for the
// caller's review (decision 95; the spec's two tabs otherwise). The tab, the item under review, the
// viewer's section and the All Done state are in the URL (?tab=alerts&review=<id>&section=jes,
// ?done=1), so reload, Back and a shared link land on the same view.
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { TabbedPage, useT } from '@plantdoc/kit';
import { SwpsTab } from '../tabs/SwpsTab';
import { AlertsTab } from '../tabs/AlertsTab';
import { TranslationsTab, useWaitingTranslations } from '../tabs/TranslationsTab';
import { Snackbar } from '../components/Snackbar';

export const PAGE_KEY = 'SIGNOFF_PAGE';
const SECTIONS = ['swc', 'jes', 'vis', 'video'];

/** What a tab needs of the URL: the shown item, the section and the moves between them. */
export function useSignOffNav() {
  const [params, setParams] = useSearchParams();
  const tab = ['alerts', 'translations'].includes(params.get('tab')) ? params.get('tab') : 'swps';
  const section = SECTIONS.includes(params.get('section')) ? params.get('section') : null;
  const nav = useMemo(() => {
    const go = (next, options) => setParams(next, options);
    const base = tab === 'swps' ? {} : { tab };
    return {
      tab,
      id: params.get('review'),
      done: params.get('done') === '1',
      section,
      compare: params.get('compare') === '1',
      setCompare: (on) => {
        const next = { ...base, review: params.get('review'), ...(section ? { section } : {}) };
        go(on ? { ...next, compare: '1' } : next);
      },
      open: (id, options) => go({ ...base, review: id }, options),
      list: () => go(base),
      finish: () => go({ ...base, done: '1' }, { replace: true }),
      setSection: (s) => go({ ...base, review: params.get('review'), section: s }, { replace: true }),
      setTab: (t) => go(t === 'swps' ? {} : { tab: t }),
    };
  }, [params, setParams, tab, section]);
  return nav;
}

export function SignOffPage() {
  const t = useT('signoff');
  const nav = useSignOffNav();
  const [message, setMessage] = useState(null);
  const notify = useCallback((text) => setMessage({ text, at: Date.now() }), []);
  const close = useCallback(() => setMessage(null), []);
  const waiting = useWaitingTranslations();
  const translations = nav.tab === 'translations' || (waiting.data?.length ?? 0) > 0;
  return (
    <div data-page={PAGE_KEY}>
      <TabbedPage
        activeKey={nav.tab}
        onChange={nav.setTab}
        tabs={[
          { key: 'swps', label: t('SWPs'), children: nav.tab === 'swps' ? <SwpsTab nav={nav} notify={notify} /> : null },
          { key: 'alerts', label: t('Alerts'), children: nav.tab === 'alerts' ? <AlertsTab nav={nav} notify={notify} /> : null },
          ...(translations
            ? [
                {
                  key: 'translations',
                  label: t('Translations'),
                  children: nav.tab === 'translations' ? <TranslationsTab notify={notify} query={waiting} /> : null,
                },
              ]
            : []),
        ]}
      />
      <Snackbar message={message} onClose={close} />
    </div>
  );
}
