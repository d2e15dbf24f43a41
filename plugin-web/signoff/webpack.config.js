// Build this module's remote (scope plantdoc_signoff, exposes ./Module): see docs/web.md.
module.exports = require('@plantdoc/kit/webpack/remote.config')({ id: 'signoff', dir: __dirname });
