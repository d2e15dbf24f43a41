// Build this module's remote (scope plantdoc_island, exposes ./Module): see docs/web.md.
module.exports = require('@plantdoc/kit/webpack/remote.config')({ id: 'island', dir: __dirname });
