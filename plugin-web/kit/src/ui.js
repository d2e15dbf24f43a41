// @plantdoc/kit/ui: the kit's components (antd tables, dialogs, the document viewer,
// part search, uploads). Loaded with the first remote that needs them.
export { FileDrop } from './FileDrop';
export { PagedTable, PAGE_SIZES, DEFAULT_PAGE_SIZE, compareValues } from './PagedTable';
// The one empty state of every list, table and board (console and kiosk).
export { EmptyList, NO_RECORDS } from './EmptyList';
export { DeleteDialog, DELETE_TITLE, DELETE_TEXT } from './DeleteDialog';
export { OperatorsSignedModal, formatWithOffset } from './OperatorsSignedModal';
export { DocumentViewer, VIEWER_HEIGHT } from './DocumentViewer';
// Compare (decision 79): pdf.js loads when a pair is first opened, not with this file.
export { ComparePages, CompareSummary, COMPARE_WIDTH, changedPages, useComparePair } from './ComparePages';
// An SWP beside another revision of its part (console viewer, review view): its own chunk.
export { SwpCompare } from './SwpCompareLazy';
export { DocumentFrame, FRAME_REFUSED, frameRefused, PDF_VIEW, pdfView } from './DocumentFrame';
export {
  PartNumberSearch,
  usePartNumberSuggestions,
  usePartNumberLookup,
  PartNumberField,
  pickSuggestions,
  SEARCH_DEBOUNCE_MS,
  MAX_SUGGESTIONS,
  SERVER_LIMIT,
} from './PartNumberSearch';
export { TabbedPage, Placeholder, tabSlug } from './TabbedPage';
// Names antd leaves in English: Tabs' overflow button, clear buttons.
export { useClearButton, useTabsNames } from './antdNames';
export { AaTheme, AA_TOKENS } from './AaTheme';
export { fieldHelp } from './fieldHelp';
// A language chooser (Add/Edit User, Settings → Account; decision 78).
export { LanguageSelect } from './LanguageSelect';
export { TranslationsPanel, useTranslationUpload } from './TranslationsPanel';
export { MissingTranslations } from './MissingTranslations';
export { UploadForm, useUploadForm, submitErrors, ChangesField, ZonesField, OnBehalfOfField, MAX_CHANGES, charactersLeft, CorrectsNotice } from './UploadForm';
export { ReviewList, DeleteSelected, deleteSelection } from './ReviewList';
export {
  ActionLink,
  OpenLink,
  StatusText,
  StageCell,
  openColumn,
  dateColumn,
  textColumn,
  stageColumn,
  countColumn,
  swpColumns,
  alertColumns,
} from './ReviewList';
export { ReviewState, stateColumn, rejectionOf, correctsText, correctionsInReview } from './ReviewList';
export { useUrlState, readUrlState, patchUrlState } from './PagedTable';
// The document calls several remotes make (a share key of its own: not on pages that make none).
export { alertLink, deployedSwpParts, documentKeys, swpLinks, useDeployedSwp, useSignHistory, useSignedRevision } from './documents';
// The bell, the notification settings and live updates (decision 66).
export { CHANNELS, notificationKeys, useLiveUpdates, useMarkRead, useNotificationPrefs, useNotifications, useSaveNotificationPrefs } from './notifications';
