// The application's entry (main.js), started by boot.js: the session check has begun and
// /login's form is painted already.
// Async boundary: the federation runtime must set up the shared scope (react, antd, the
// kit...) before any code that imports them runs.
import('./bootstrap');
