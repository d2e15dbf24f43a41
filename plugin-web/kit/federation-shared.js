// The ONE shared-dependency config of the Plantdoc front end, used by the host and every
// remote. Each library below must exist once per page: two copies of react break hooks
// ("Invalid hook call"), two routers lose the location, two antd/cssinjs copies lose the
// theme, and two kits would mean two API clients (401 handling must be global).
//
// The host PROVIDES every shared module (it bundles them, loads them first and wins with
// shareStrategy 'loaded-first'). Remotes only CONSUME them (`import: false`): their dist
// holds only their own code, so antd is built and downloaded once.
const kit = require('./package.json');

// Versions come from the kit's peerDependencies, so the ranges live in one place.
const peers = kit.peerDependencies;

// Subpath imports that must resolve to the same singleton as their package.
const subpaths = {
  'react/jsx-runtime': 'react',
  'react-dom/client': 'react-dom',
};

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
  for (const [name, range] of Object.entries(peers)) shared[name] = entry(range);
  for (const [sub, pkg] of Object.entries(subpaths)) shared[sub] = entry(peers[pkg]);
  shared['@plantdoc/kit'] = entry(`^${kit.version}`);
  return shared;
}

module.exports = { federationShared, SHARED_NAMES: [...Object.keys(peers), ...Object.keys(subpaths), '@plantdoc/kit'] };
