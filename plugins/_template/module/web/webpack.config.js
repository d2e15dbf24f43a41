// Build this module's remote: the id, scope (plantdoc_<id>) and checks come from its
// manifest, plugins/<this folder>/module.json (see docs/web.md).
module.exports = require('@plantdoc/kit/webpack/remote.config')({ dir: __dirname });
