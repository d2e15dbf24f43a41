// The kiosk's language (decision 75) is the page's (the kit's i18n: the badge-scanned
// operator's from the scan to Sign Out, else the badge screen's choice or the plant's).
// Documents are asked for in it (`?lang=`); the server serves the original where the
// revision has no translation and says so (`served`).
import { currentLanguage, k } from '@plantdoc/kit';

// Shown through t('island') where the document is.
export const NOT_IN_LANGUAGE = k('This document is not available in your language yet.');
/** The notice's colour: a dark amber that reads at 4.5:1 and more on the kiosk's backgrounds. */
export const NOTICE_COLOR = '#874d00';

export function kioskLanguage() {
  return currentLanguage();
}

/** The served file is the original while the operator reads another language. */
export function notInLanguage(served) {
  return Boolean(served) && served.lang == null && kioskLanguage() !== 'en';
}

/** The sign record's `readFiles`: the served file of each section ({section: {lang, sha256}}). */
export function readFiles(served, sections) {
  if (!served || sections.some((s) => !served[s]?.sha256)) return undefined;
  return sections.map((s) => ({ section: s, lang: served[s].lang ?? null, sha256: served[s].sha256 }));
}
