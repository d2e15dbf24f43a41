// The one i18n instance of the front end (decision 75): an i18next instance made
// here, in the kit's core. The kit's core is a federation singleton the host provides, so
// the host and every remote translate through this one instance.
//
// Keys are the English texts themselves ("natural keys"): English needs no bundle, every
// spec text stays letter for letter, and a missing translation shows the English text.
// Each package (the host, the kit, each remote) is a namespace with a translator's file
// per language (`locales/es.json`, `locales/pl.json` in its own folder), loaded when that
// language is first needed — never in the first bundle.
//
//   const t = useT('swp');  t('Upload')  t('{{count}} pages', { count })
//   k('Pending')            marks a key kept in a table and translated later with t(...)
import i18next from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';

/** The shipped languages, by code, with their own names (what a switch shows). */
export const LANGUAGES = Object.freeze([
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
  { code: 'pl', name: 'Polski' },
]);
const CODES = LANGUAGES.map((l) => l.code);
export const DEFAULT_LANGUAGE = 'en';

const i18n = i18next.createInstance();
i18n.init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: false,
  resources: {},
  partialBundledLanguages: true,
  keySeparator: false,
  nsSeparator: false,
  returnEmptyString: false,
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});

// namespace → (lng) => Promise<module with the JSON as default>
const loaders = new Map();
// Other things a language needs before it shows (antd's texts, given by the host).
const companions = new Set();
// dayjs's month names; the English ones are built in.
const DAYJS = { es: () => import('dayjs/locale/es'), pl: () => import('dayjs/locale/pl') };

let language = DEFAULT_LANGUAGE;
let version = 0;
let wanted = DEFAULT_LANGUAGE;
const listeners = new Set();
function publish() {
  version += 1;
  listeners.forEach((l) => l());
}
function subscribe(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A supported code from 'es', 'es-MX', 'PL' …; null for anything else. */
export function supportedLanguage(code) {
  const primary = String(code ?? '')
    .trim()
    .toLowerCase()
    .split(/[-_]/)[0];
  return CODES.includes(primary) ? primary : null;
}

async function loadBundle(ns, lng) {
  if (lng === DEFAULT_LANGUAGE || i18n.hasResourceBundle(lng, ns)) return;
  try {
    const m = await loaders.get(ns)(lng);
    i18n.addResourceBundle(lng, ns, m.default ?? m, true, true);
  } catch (err) {
    // The page stays usable in English; the console says which file failed.
    console.error(`Translations '${ns}' (${lng}) could not be loaded`, err);
  }
}

// A package (or companion) that arrives while a switch is under way is loaded for the
// language being switched to (`wanted`): the switch took its list before it came, and
// would otherwise show that package in English until the next switch.

/** A package registers where its translator's files are (once, when its code loads). */
export function registerTranslations(ns, loader) {
  if (loaders.has(ns)) return;
  loaders.set(ns, loader);
  if (wanted !== DEFAULT_LANGUAGE) loadBundle(ns, wanted).then(publish);
}

/** Something else a language needs before it shows, e.g. antd's locale (the host). */
export function onLanguage(load) {
  companions.add(load);
  if (wanted !== DEFAULT_LANGUAGE) Promise.resolve(load(wanted)).then(publish);
  return () => companions.delete(load);
}

// What the page shows: the person at the kiosk's language when one is set (`setOverrideLanguage`:
// the badge-scanned operator, or the badge screen's switch), else the base (`setLanguage`:
// the signed-in person's, else the plant's).
let base = DEFAULT_LANGUAGE;
let override = null;

async function show(lng) {
  wanted = lng;
  if (lng === language) return lng;
  await Promise.all([
    ...[...loaders.keys()].map((ns) => loadBundle(ns, lng)),
    ...[...companions].map((load) => Promise.resolve(load(lng)).catch((err) => console.error(err))),
    DAYJS[lng]?.().catch((err) => console.error(err)),
  ]);
  if (wanted !== lng) return wanted;
  language = lng;
  await i18n.changeLanguage(lng);
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
  publish();
  return lng;
}

/**
 * The page's base language (ignored when not shipped: English): loads what it needs, then
 * switches every subscribed screen at once. The last call wins when calls overlap.
 */
export function setLanguage(code) {
  base = supportedLanguage(code) ?? DEFAULT_LANGUAGE;
  return show(override ?? base);
}

/** The language of the person at a shared screen, over the base; null gives the base back. */
export function setOverrideLanguage(code) {
  override = code == null ? null : supportedLanguage(code);
  return show(override ?? base);
}

let plantDefault = null;
/** The plant's default language (`GET /api/i18n`, public), asked once; English when unusable. */
export function plantLanguage() {
  // The shell's session check may have said it already (a signed-out page's 401).
  if (!plantDefault && typeof window !== 'undefined' && supportedLanguage(window.__plantdocLang)) {
    plantDefault = Promise.resolve(supportedLanguage(window.__plantdocLang));
  }
  if (!plantDefault) {
    plantDefault = fetch('/api/i18n', { credentials: 'same-origin', headers: { Accept: 'application/json' } })
      // The body is read (or cancelled) either way: an unread body keeps the request open.
      .then((res) => (res.ok ? res.json() : res.body?.cancel().then(() => ({}))))
      .then((body) => supportedLanguage(body?.default) ?? DEFAULT_LANGUAGE)
      .catch(() => DEFAULT_LANGUAGE);
  }
  return plantDefault;
}

/** The language the page shows now. */
export function currentLanguage() {
  return language;
}

/** The language the page shows, as React state. */
export function useLanguage() {
  return useSyncExternalStore(subscribe, currentLanguage);
}

/** The translator of a namespace; a new function when the language or a bundle changes. */
export function useT(ns) {
  const v = useSyncExternalStore(subscribe, () => version);
  return useMemo(() => {
    void v;
    return i18n.getFixedT(null, ns);
  }, [ns, v]);
}

/** Outside React (messages built in plain functions). */
export function translate(ns, key, options) {
  return i18n.t(key, { ...options, ns });
}

/** Marks a text as a key for the key check, to be given to t(...) where it shows. */
export const k = (key) => key;

/** A number in the page's language (1,234.5 · 1.234,5 · 1 234,5). */
export function formatNumber(value, options) {
  const n = Number(value);
  return Number.isFinite(n) ? new Intl.NumberFormat(language, options).format(n) : '';
}

// The kit's own texts (its tables, dialogs, viewer).
registerTranslations('kit', (lng) => import(`../locales/${lng}.json`));
