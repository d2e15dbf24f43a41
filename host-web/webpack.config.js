// The host shell. No remotes at build time: they come from GET /api/modules at run time
// (src/modules/registry.js). The host provides every shared singleton.
const path = require('path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { baseConfig } = require('@plantdoc/kit/webpack/common');
const { federationShared } = require('@plantdoc/kit/federation-shared');

module.exports = (env, argv) => {
  const config = baseConfig({ dir: __dirname, mode: argv.mode });
  return {
    ...config,
    entry: { main: './src/index.js' },
    output: { ...config.output, publicPath: '/', uniqueName: 'plantdoc_host' },
    plugins: [
      ...config.plugins,
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
      new HtmlWebpackPlugin({ template: path.join(__dirname, 'public/index.html') }),
    ],
  };
};
