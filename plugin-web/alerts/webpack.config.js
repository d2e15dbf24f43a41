// Build this module's remote (scope plantdoc_alerts, exposes ./Module): see docs/web.md.
module.exports = require('@plantdoc/kit/webpack/remote.config')({ id: 'alerts', dir: __dirname });
