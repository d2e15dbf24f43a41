// Build this module's remote (scope plantdoc_kanban, exposes ./Module): see docs/web.md.
module.exports = require('@plantdoc/kit/webpack/remote.config')({ id: 'kanban', dir: __dirname });
