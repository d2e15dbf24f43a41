// The host shell. No remotes at build time: they come from GET /api/modules at run time
// (src/modules/registry.js). The host provides every shared singleton.
const fs = require('fs');
const path = require('path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { baseConfig } = require('@plantdoc/kit/webpack/common');
const { FileListPlugin } = require('@plantdoc/kit/webpack/file-list');
const { federationShared } = require('@plantdoc/kit/federation-shared');

// How the host's async code is cut into files (docs/web.md, "Weight and speed"). Every
// component antd gives the remotes is its own shared module, so webpack's defaults (at
// most 30 requests per load, no chunk under 20 KB) left antd's internals — its style
// engine, theme, utilities and icon component — copied into many of those chunks. Instead: React
// in one file, antd's base (what every antd component needs) in one file, and any other
// module used by two chunks or more split out once, whatever its size.
const NM = (names) => new RegExp(`[\\/]node_modules[\\/](${names.join('|')})([\\/]|$)`);
const hostSplitChunks = {
  chunks: 'async',
  maxAsyncRequests: 1000,
  maxInitialRequests: 1000,
  minSize: 0,
  cacheGroups: {
    react: { test: NM(['react', 'react-dom', 'scheduler']), name: 'react', priority: 40, enforce: true },
    antdBase: {
      test: NM([
        'antd[\\/]es[\\/](_util|style|theme|config-provider|locale|version)',
        '@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)',
        // The icon component and its helpers, not the icons: each goes with what shows it.
        '@ant-design[\\/]icons[\\/]es[\\/](components|\\w*[uU]tils\\.js)',
        '@rc-component[\\/](util|motion|resize-observer|portal|context)',
        '@babel[\\/]runtime',
        'clsx',
        'stylis',
        '@emotion',
      ]),
      name: 'antd-base',
      priority: 30,
      enforce: true,
    },
    defaultVendors: { test: /[\\/]node_modules[\\/]/, priority: -10, reuseExistingChunk: true, minChunks: 2 },
    default: { minChunks: 2, priority: -20, reuseExistingChunk: true },
  },
};

// boot.js: the page's only script tag, built apart and without Module Federation, so
// that /login shows and works before the federation runtime and React are even fetched
// (src/boot.js, docs/decisions.md 39). It writes into the same dist folder.
const bootConfig = (mode) => {
  const config = baseConfig({ dir: __dirname, mode });
  return {
    ...config,
    name: 'boot',
    entry: { boot: './src/bootEntry.js' },
    output: { ...config.output, publicPath: '/', clean: false },
  };
};

// kiosk-sw.js: the kiosk's service worker (src/kiosk/sw.js, decision 122), a plain worker
// script at the root so that its scope may be the kiosk's route; served with `no-cache` like main.js.
const swConfig = (mode) => {
  const config = baseConfig({ dir: __dirname, mode });
  return {
    ...config,
    name: 'kiosk-sw',
    target: 'webworker',
    entry: { 'kiosk-sw': './src/kiosk/sw.js' },
    output: { ...config.output, publicPath: '/', clean: false },
  };
};

const hostConfig = (mode) => {
  const config = baseConfig({ dir: __dirname, mode });
  return {
    ...config,
    name: 'host',
    entry: { main: './src/index.js' },
    // boot.js (and its compressed copies) is the other compilation's.
    output: { ...config.output, publicPath: '/', uniqueName: 'plantdoc_host', clean: { keep: /^(boot|kiosk-sw)\.js/ } },
    optimization: { splitChunks: hostSplitChunks },
    plugins: [
      ...config.plugins,
      new FileListPlugin(),
      new ModuleFederationPlugin({
        name: 'plantdoc_host',
        remotes: {},
        shared: federationShared('host'),
        // The first loaded copy of a singleton wins: the host's.
        shareStrategy: 'loaded-first',
        // The host puts the federation runtime on the page once; remotes reuse it
        // (their `externalRuntime`), which keeps each remoteEntry.js small.
        experiments: { provideExternalRuntime: true, optimization: { disableSnapshot: true, target: 'web' } },
        dts: false,
        manifest: false,
      }),
      // The template loads boot.js, which starts main.js: nothing is injected. Given as
      // content, not as a `template` file: a template file is compiled by a child compiler
      // that inherits the federation plugin and built every shared module again as 49
      // Node chunks (22 MB, never served) — 3.4 of the web build's 4.5 CPU minutes
      // (docs/speed.md, "A newcomer's first run").
      new HtmlWebpackPlugin({ templateContent: fs.readFileSync(path.join(__dirname, 'public/index.html'), 'utf8'), inject: false }),
    ],
  };
};

module.exports = (env, argv) => [bootConfig(argv.mode), swConfig(argv.mode), hostConfig(argv.mode)];
