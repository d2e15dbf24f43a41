// A module's name and sidebar label in the page's language (decision 78): the manifest gives
// them (`nameLabels`, `sidebar.labels`, by language code); English, the manifest's
// `name` and `sidebar.label`, otherwise. The host names no module itself.

/** The module's name in `lng`. */
export const moduleName = (module, lng) => module?.nameLabels?.[lng] || module?.name || module?.id || '';

/** The module's sidebar label in `lng` (its name when it has no sidebar entry). */
export const sidebarLabel = (module, lng) => module?.sidebar?.labels?.[lng] || module?.sidebar?.label || moduleName(module, lng);
