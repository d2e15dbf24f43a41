// The whole webpack config of a module remote: `plugin-web/<id>/webpack.config.js` is
//   module.exports = require('@plantdoc/kit/webpack/remote.config')({ dir: __dirname });
// The module is named once, by its manifest: plugins/<folder>/module.json at the repository
// root (the file the server reads too) gives the id and must say "remote": true. Scope
// `plantdoc_<id>`, file `remoteEntry.js`, exposes `./Module`.
const fs = require('fs');
const path = require('path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { baseConfig, babelRuleWith } = require('./common');
const { FileListPlugin } = require('./file-list');
const { federationShared } = require('../federation-shared');

/** The module's manifest for the remote in `dir` (plugin-web/<folder>); throws a clear error. */
function readManifest(dir) {
  const folder = path.basename(dir);
  const rel = path.join('plugins', folder, 'module.json');
  const file = path.resolve(dir, '../..', rel);
  const fail = (why) => new Error(`Cannot build the web remote plugin-web/${folder}: ${why}`);
  if (!fs.existsSync(file)) throw fail(`its module manifest ${rel} is missing (every remote needs one).`);
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    throw fail(`${rel} is not valid JSON (${e.message}).`);
  }
  if (manifest.id !== folder) throw fail(`${rel} says "id": ${JSON.stringify(manifest.id)}; the folder must be named after the id.`);
  if (manifest.remote !== true) throw fail(`${rel} says "remote": ${JSON.stringify(manifest.remote)}; set "remote": true, or remove the folder.`);
  return manifest;
}

function remoteConfig({ dir }) {
  const { id } = readManifest(dir);
  // As the server names it (Manifest::scope): a federation name is an identifier.
  const scope = `plantdoc_${id.replace(/-/g, '_')}`;
  return (env, argv) => {
    const config = baseConfig({ dir, mode: argv.mode });
    return {
      ...config,
      // No page of its own: the container entry added by the plugin is the only entry.
      entry: {},
      // @hpke/core (the island's sealed PINs) falls back to Node's `crypto` where a runtime
      // has no WebCrypto; a browser has it: nothing to bundle.
      resolve: { ...config.resolve, fallback: { crypto: false } },
      // `import { Table } from 'antd'` → the shared module `antd/es/table` (antd-imports.js);
      // `import { PagedTable } from '@plantdoc/kit'` → `@plantdoc/kit/ui/PagedTable` (kit-imports.js).
      module: { rules: [babelRuleWith([require.resolve('./antd-imports'), require.resolve('./kit-imports')])] },
      output: {
        ...config.output,
        // Chunks load from wherever remoteEntry.js was loaded (/remotes/<id>/).
        publicPath: 'auto',
        uniqueName: scope,
      },
      plugins: [
        ...config.plugins,
        new FileListPlugin(),
        new ModuleFederationPlugin({
          name: scope,
          filename: 'remoteEntry.js',
          exposes: { './Module': './src/index.js' },
          shared: federationShared('remote'),
          // Use the federation runtime the host provides instead of bundling a copy.
          experiments: { externalRuntime: true },
          dts: false,
          manifest: false,
        }),
      ],
    };
  };
}

module.exports = remoteConfig;
module.exports.readManifest = readManifest;
