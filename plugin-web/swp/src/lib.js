// Pure helpers and constants of the SWPs module (spec sections 2, 3, 5, 9).
import { deleteSelection as kitDeleteSelection, formatDate, k } from '@plantdoc/kit';

export const MAX_PDF_FILES = 10;
export const CURRENT_USER = 'CURRENT_USER';
export const HISTORY_PAGE_SIZE = 12;
export const SEARCH_DEBOUNCE_MS = 300;
export const SWPS_ROUTE = '/main/swps';

/** 'Release' for revision 0, else the number (a key: shown through t). */
export function revisionText(revision) {
  return revision === 0 || revision === '0' || revision == null ? k('Release') : String(revision);
}

export function ownerName(swp) {
  const o = swp?.owner || {};
  return [o.firstname, o.lastname].filter(Boolean).join(' ');
}

export function zonesText(zones) {
  return Array.isArray(zones) ? zones.join(', ') : '';
}

// Who may do what (the server's rules, plugins/swp/src/access.rs; the server checks
// again): controls a user may not use are not shown, but for the bypass checkbox that
// every uploader sees (spec section 6), disabled with the reason.
const isAuthor = (user, swp) => Boolean(user?._id) && (swp?.owner?._id === user._id || swp?.onBehalfOf?._id === user._id);

/** Process engineers and process managers upload. */
export function mayUpload(user) {
  return user?.department === 'process' && ['engineer', 'manager'].includes(user?.position);
}

/** Why the bypass checkbox is disabled for others (the server's words for the refusal; a key). */
export const BYPASS_REFUSED = k('Only managers may bypass management approval.');

/** Only managers may bypass review. */
export function mayBypass(user) {
  return user?.position === 'manager';
}

/** Delete: the SWP's authors and managers (who see it). */
export function mayDelete(user, swp) {
  return user?.position === 'manager' || isAuthor(user, swp);
}

/** 'Submit a corrected version' of a rejected SWP: its authors and managers who upload (the server checks too). */
export function mayCorrect(user, swp) {
  return swp?.status === 'rejected' && mayUpload(user) && mayDelete(user, swp);
}

/**
 * The upload form's first values: empty, or those of the rejected SWP a corrected version
 * replaces (part, zones, deployment and document type, changes, and on behalf of its
 * author when that is someone else). Files are new: a correction uploads its documents.
 */
export function formDefaults(rejected, user) {
  const blank = { partNumber: '', zones: [], onBehalfOf: undefined, referenceOnly: false, newRelease: true, changes: '' };
  if (!rejected) return blank;
  const author = rejected.onBehalfOf?._id || rejected.owner?._id;
  return {
    partNumber: rejected.partNumber || '',
    zones: rejected.zones || [],
    onBehalfOf: !author || author === user?._id ? CURRENT_USER : author,
    referenceOnly: rejected.referenceOnly === true,
    newRelease: rejected.newRelease !== false,
    changes: rejected.newRelease === false ? rejected.changes || '' : '',
  };
}

/** antd rowSelection that shows a checkbox only on rows the user may delete; null if none. */
export function deleteSelection(user, rows, selected, setSelected) {
  return kitDeleteSelection(rows, selected, setSelected, { mayDelete: (r) => mayDelete(user, r), label: (r) => r.partNumber });
}

// Text colours dark enough for WCAG AA on white (4.5:1): antd's orange-8, green, red-7.
export const ORANGE = '#ad4e00';
export const GREEN = 'green';
export const RED = '#cf1322';

/** Approval status colour: 'Pending' orange, 'Rejected' red, anything else green. */
export function statusColor(status) {
  if (status === 'Pending') return ORANGE;
  return status === 'Rejected' ? RED : GREEN;
}

/** Every value of a row, flattened to lower-case text, for the client-side search. */
export function rowText(value) {
  if (value == null) return '';
  if (Array.isArray(value)) return value.map(rowText).join(' ');
  if (typeof value === 'object') return Object.values(value).map(rowText).join(' ');
  return String(value).toLowerCase();
}

/** Client-side search over all row values (and the dates as shown). */
export function searchRows(rows, term) {
  const t = (term || '').trim().toLowerCase();
  if (!t) return rows;
  return rows.filter((r) => {
    const shown = [formatDate(r.uploadDate), formatDate(r.deployDate)].join(' ').toLowerCase();
    return rowText(r).includes(t) || shown.includes(t);
  });
}

/** The uploadS3 payload (spec section 3) from the form's state. */
/** The languages a document may be translated into (decision 82); '' is the original. */
export const DOC_LANGUAGES = [
  { value: '', label: k('Original') },
  { value: 'es', label: 'Español' },
  { value: 'pl', label: 'Polski' },
];

/** The Upload tab's translations: {swc: {lang, files}, ...} → [{section, lang, fileIds}]. */
export function translationsPayload(translations) {
  const ids = (files) => (files || []).map((f) => f.serverId).filter(Boolean);
  return Object.entries(translations || {})
    .filter(([, t]) => t?.lang && ids(t.files).length > 0)
    .map(([section, t]) => ({ section, lang: t.lang, fileIds: ids(t.files) }));
}

export function uploadPayload(state) {
  const ids = (files) => (files || []).map((f) => f.serverId).filter(Boolean);
  const translations = translationsPayload(state.translations);
  return {
    fileIds: {
      swc: ids(state.swc),
      jes: ids(state.jes),
      vis: ids(state.vis),
      video: ids(state.video)[0] ?? null,
      opin: [],
    },
    partNumber: (state.partNumber || '').trim(),
    format: 'swp',
    zones: state.zones || [],
    onBehalfOf: state.onBehalfOf ?? null,
    newRelease: state.newRelease !== false,
    referenceOnly: state.referenceOnly === true,
    changes: state.newRelease === false ? state.changes || '' : '',
    bypassManagement: state.bypassManagement === true,
    // A corrected version names the rejected SWP it replaces (decision 65).
    ...(state.corrects ? { corrects: state.corrects } : {}),
    // Translated sections dropped with the originals (decision 82); absent: the spec's body.
    ...(translations.length > 0 ? { translations } : {}),
  };
}

/** The query of GET /api/swps/deployed-swps-paginated. */
export function pagedPath({ page, limit, search, sortBy, sortOrder }) {
  const q = new URLSearchParams({ page: String(page), limit: String(limit), search: search || '', sortBy, sortOrder });
  return `/api/swps/deployed-swps-paginated?${q}`;
}

/** GET /api/swps/audit-file/{partNumber}.pdf|.csv: the auditor's file of a part (decision 63). */
export const auditFileUrl = (partNumber, ext) => `/api/swps/audit-file/${encodeURIComponent(partNumber)}.${ext}`;
/** GET /api/swps/package/{partNumber}.zip: the deployed revision's documents as one file to keep (decision 121). */
export const packageUrl = (partNumber) => `/api/swps/package/${encodeURIComponent(partNumber)}.zip`;

/** The sections a translation may be of (the Translations panel, the 'Not yet translated' list). */
export const TRANSLATION_SECTIONS = ['swc', 'jes', 'vis'].map((value) => ({ value, label: value.toUpperCase() }));
