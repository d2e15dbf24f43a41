// Build this module's remote (scope plantdoc_training, exposes ./Module): see docs/web.md.
module.exports = require('@plantdoc/kit/webpack/remote.config')({ id: 'training', dir: __dirname });
