// @plantdoc/kit/core: the light half of the kit (no antd, no icon): API client, server
// state, session, kiosk settings, dates. The host's sign-in and shell import only this,
// so /login does not download antd at all. `@plantdoc/kit` is core + icons + ui; the
// icons are `@plantdoc/kit/icons` (src/icons.js).
export {
  api,
  request,
  ApiError,
  fieldErrors,
  formFields,
  onServerReach,
  onUnauthorized,
  readCsrfToken,
  reportUnauthorized,
  serverUnreachable,
  setReadFallback,
} from './api';
export { createQueryClient, keepAnswer, useSignedLinks, useZones, linkRefreshMs, LINK_LIFETIME_SECONDS, LINK_REFRESH_RATIO } from './query';
export { uploadFile, uploadErrorText } from './upload';
export { SESSION_KEY, checkSession, clearSession, getSession, isLeaving, logout, setSessionUser, subscribeSession, useSession } from './session';
export { KIOSK_KEY, KIOSK_ZONES, getKioskSettings, kioskSettingsSnapshot, setKioskSettings, storeZoneFromQuery, subscribeKioskSettings } from './kiosk';
export { DATE_FORMAT, formatDate } from './date';
export { zoneLabel, zoneOptions } from './zones';
export { Redirect } from './redirect';
export {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  currentLanguage,
  formatNumber,
  k,
  onLanguage,
  plantLanguage,
  registerTranslations,
  setLanguage,
  setOverrideLanguage,
  supportedLanguage,
  translate,
  useLanguage,
  useT,
} from './i18n';
