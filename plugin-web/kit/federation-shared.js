// The ONE shared-dependency config of the Plantdoc front end, used by the host and every
// remote. Each library below must exist once per page: two copies of react break hooks
// ("Invalid hook call"), two routers lose the location, two antd/cssinjs copies lose the
// theme, and two kits would mean two API clients (401 handling must be global).
//
// The host PROVIDES every shared module (it bundles them, loads them first and wins with
// shareStrategy 'loaded-first'). Remotes only CONSUME them (`import: false`): their dist
// holds only their own code, so antd is built and downloaded once.
//
// antd, react-router and @ant-design/icons are big libraries of which a page uses a part:
// a shared module is never tree-shaken, so the host imports them itself (tree-shaken,
// split by route) and provides, under their share keys, a CURATED re-export
// (remote-shares/<name>.js) listing what the remotes use. The re-export and the host's
// own imports resolve to the same modules, so there is one antd (one theme), one router.
const path = require('path');
const kit = require('./package.json');

// Versions come from the kit's peerDependencies, so the ranges live in one place.
const peers = kit.peerDependencies;

// Subpath imports that must resolve to the same singleton as their package.
const subpaths = {
  'react/jsx-runtime': 'react',
  'react-dom/client': 'react-dom',
};

// Share key → the curated file the host provides under it.
const CURATED = {
  antd: path.join(__dirname, 'remote-shares/antd.js'),
  'react-router': path.join(__dirname, 'remote-shares/react-router.js'),
  '@ant-design/icons': path.join(__dirname, 'remote-shares/icons.js'),
};

// The kit, whole (`@plantdoc/kit`) and in halves: the host's shell imports only the core.
const KIT = ['@plantdoc/kit', '@plantdoc/kit/core', '@plantdoc/kit/ui'];

const installedVersion = (name) => require(require.resolve(`${name}/package.json`, { paths: [__dirname] })).version;

/** @param {'host'|'remote'} role */
function federationShared(role) {
  const isHost = role === 'host';
  const entry = (range) => ({
    singleton: true,
    requiredVersion: range,
    // Remotes never fall back to a copy of their own.
    ...(isHost ? {} : { import: false }),
  });
  const shared = {};
  for (const [name, range] of Object.entries(peers)) {
    if (isHost && CURATED[name]) {
      shared[`@plantdoc/remote-share/${name}`] = {
        import: CURATED[name],
        shareKey: name,
        version: installedVersion(name),
        requiredVersion: false,
        singleton: true,
      };
    } else {
      shared[name] = entry(range);
    }
  }
  for (const [sub, pkg] of Object.entries(subpaths)) shared[sub] = entry(peers[pkg]);
  for (const name of KIT) shared[name] = entry(`^${kit.version}`);
  return shared;
}

module.exports = {
  federationShared,
  CURATED,
  SHARED_NAMES: [...Object.keys(peers), ...Object.keys(subpaths), ...KIT],
};
