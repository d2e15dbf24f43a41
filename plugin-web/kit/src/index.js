// @plantdoc/kit: what every module of the front end shares. Loaded once per page (a
// federation singleton provided by the host), so its state (API client hooks, session)
// is global. Three parts, each also importable alone: `@plantdoc/kit/core` (no antd),
// `@plantdoc/kit/icons` (the icon set) and `@plantdoc/kit/ui` (the components). Add an
// export to one of them. Remotes import `@plantdoc/kit` by name; their build sends each
// name to its part (webpack/kit-imports.js).
export * from './core';
export * from './icons';
export * from './ui';
