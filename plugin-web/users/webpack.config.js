// Build this module's remote (scope plantdoc_users, exposes ./Module): see docs/web.md.
module.exports = require('@plantdoc/kit/webpack/remote.config')({ id: 'users', dir: __dirname });
