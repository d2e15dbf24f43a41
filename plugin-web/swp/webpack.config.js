// Build this module's remote (scope plantdoc_swp, exposes ./Module): see docs/web.md.
module.exports = require('@plantdoc/kit/webpack/remote.config')({ id: 'swp', dir: __dirname });
