// @plantdoc/kit: what every module of the front end shares. Loaded once per page (a
// federation singleton provided by the host), so its state (API client hooks, session)
// is global. Two halves, each also importable alone: `@plantdoc/kit/core` (no antd
// component) and `@plantdoc/kit/ui` (the components). Add an export to one of them.
export * from './core';
export * from './ui';
