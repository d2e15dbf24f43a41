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
// split by route) and provides only what the remotes use, resolving to the very modules
// of its own imports (one antd: one theme and context; one router):
// - antd: each component of ANTD_FOR_REMOTES is its own shared module `antd/es/<dir>`;
//   the remote builds rewrite `import { Table } from 'antd'` to `antd/es/table`
//   (webpack/antd-imports.js), so a remote downloads only the components it uses;
// - react-router and @ant-design/icons: a CURATED re-export (remote-shares/<name>.js)
//   under the library's share key.
// The kit likewise: its core, its icons and each file of its UI half are shared modules
// of their own, and the remote builds send each kit name to its part
// (webpack/kit-imports.js), so a remote page downloads the kit components it shows only.
const path = require('path');
const kit = require('./package.json');
const fs = require('fs');
const { dirOf } = require('./webpack/antd-imports');
const { UI_FILES, uiKey } = require('./webpack/kit-imports');

// The antd components remotes may import (checked against their sources by
// kit/test/remoteShares.test.js: add a name here when a remote needs a new one).
const ANTD_FOR_REMOTES = [
  'Alert',
  'App',
  'AutoComplete',
  'Button',
  'Card',
  'Checkbox',
  'Col',
  'ConfigProvider',
  'DatePicker',
  'Descriptions',
  'Empty',
  'Flex',
  'Form',
  'Input',
  'InputNumber',
  'Layout',
  'List',
  'Modal',
  'Popconfirm',
  'Progress',
  'Radio',
  'Result',
  'Row',
  'Segmented',
  'Select',
  'Space',
  'Spin',
  'Statistic',
  'Switch',
  'Table',
  'Tabs',
  'Tag',
  'Tooltip',
  'Typography',
];

// Versions come from the kit's peerDependencies, so the ranges live in one place.
const peers = kit.peerDependencies;

// Subpath imports that must resolve to the same singleton as their package.
const subpaths = {
  'react/jsx-runtime': 'react',
  'react-dom/client': 'react-dom',
};

// Share key → the curated file the host provides under it.
const CURATED = {
  'react-router': path.join(__dirname, 'remote-shares/react-router.js'),
  '@ant-design/icons': path.join(__dirname, 'remote-shares/icons.js'),
};

// The kit, whole (`@plantdoc/kit`), in parts (the host's shell imports only the core),
// and each file of the UI half on its own: the remote builds rewrite their kit imports to
// the core and those files (webpack/kit-imports.js). Provided from their files (the host
// provides a bare name only if it imports it).
const srcFile = (name) => ['.jsx', '.js'].map((ext) => path.join(__dirname, 'src', name + ext)).find((f) => fs.existsSync(f));
const KIT = {
  '@plantdoc/kit': path.join(__dirname, 'src/index.js'),
  '@plantdoc/kit/core': path.join(__dirname, 'core.js'),
  '@plantdoc/kit/icons': path.join(__dirname, 'icons.js'),
  '@plantdoc/kit/ui': path.join(__dirname, 'ui.js'),
  ...Object.fromEntries(UI_FILES.map((f) => [uiKey(f), srcFile(f)])),
};

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
  // The host provides `file` under `key` (a file is provided even if the host's own code
  // never imports that name).
  const provide = (key, file, version) => ({ import: file, shareKey: key, version, requiredVersion: false, singleton: true });
  const shared = {};
  for (const [name, range] of Object.entries(peers)) {
    if (name === 'antd') continue;
    if (isHost && CURATED[name]) shared[`@plantdoc/remote-share/${name}`] = provide(name, CURATED[name], installedVersion(name));
    else shared[name] = entry(range);
  }
  const antdVersion = installedVersion('antd');
  for (const name of ANTD_FOR_REMOTES) {
    const key = `antd/es/${dirOf(name)}`;
    shared[isHost ? `@plantdoc/remote-share/${key}` : key] = isHost
      ? provide(key, require.resolve(`${key}/index.js`, { paths: [__dirname] }), antdVersion)
      : entry(peers.antd);
  }
  for (const [sub, pkg] of Object.entries(subpaths)) shared[sub] = entry(peers[pkg]);
  for (const [name, file] of Object.entries(KIT)) {
    shared[isHost ? `@plantdoc/remote-share/${name}` : name] = isHost ? provide(name, file, kit.version) : entry(`^${kit.version}`);
  }
  return shared;
}

module.exports = {
  federationShared,
  CURATED,
  ANTD_FOR_REMOTES,
  SHARED_NAMES: [...Object.keys(peers), ...Object.keys(subpaths), ...Object.keys(KIT)],
};
