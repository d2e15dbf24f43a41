// @plantdoc/kit: what every module of the front end shares. Loaded once per page (a
// federation singleton provided by the host), so its state (API client hooks, session)
// is global.
export { api, request, ApiError, fieldErrors, formFields, onUnauthorized, readCsrfToken, reportUnauthorized } from './api';
export {
  createQueryClient,
  useSignedLinks,
  useZones,
  linkRefreshMs,
  LINK_LIFETIME_SECONDS,
  LINK_REFRESH_RATIO,
} from './query';
export { uploadFile, uploadErrorText } from './upload';
export { FileDrop } from './FileDrop';
export {
  SESSION_KEY,
  checkSession,
  clearSession,
  getSession,
  logout,
  setSessionUser,
  subscribeSession,
  useSession,
} from './session';
export { KIOSK_KEY, KIOSK_ZONES, getKioskSettings, setKioskSettings, storeZoneFromQuery } from './kiosk';
export { DATE_FORMAT, formatDate } from './date';
export { PagedTable, PAGE_SIZES, DEFAULT_PAGE_SIZE, compareValues } from './PagedTable';
export { DeleteDialog, DELETE_TITLE, DELETE_TEXT } from './DeleteDialog';
export { OperatorsSignedModal } from './OperatorsSignedModal';
export { DocumentViewer, VIEWER_HEIGHT } from './DocumentViewer';
export { DocumentFrame, FRAME_REFUSED, frameRefused } from './DocumentFrame';
export {
  PartNumberSearch,
  usePartNumberSuggestions,
  usePartNumberLookup,
  pickSuggestions,
  SEARCH_DEBOUNCE_MS,
  MAX_SUGGESTIONS,
  SERVER_LIMIT,
} from './PartNumberSearch';
export { TabbedPage, Placeholder, tabSlug } from './TabbedPage';
export * from './icons';
export { AaTheme, AA_TOKENS } from './AaTheme';
