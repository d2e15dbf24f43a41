// Build this module's remote (scope plantdoc_dashboard, exposes ./Module): see docs/web.md.
module.exports = require('@plantdoc/kit/webpack/remote.config')({ id: 'dashboard', dir: __dirname });
