// The whole webpack config of a module remote: `plugin-web/<id>/webpack.config.js` calls
// this with its id. Scope `plantdoc_<id>`, file `remoteEntry.js`, exposes `./Module`.
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { baseConfig } = require('./common');
const { federationShared } = require('../federation-shared');

module.exports = function remoteConfig({ id, dir }) {
  return (env, argv) => {
    const config = baseConfig({ dir, mode: argv.mode });
    return {
      ...config,
      // No page of its own: the container entry added by the plugin is the only entry.
      entry: {},
      output: {
        ...config.output,
        // Chunks load from wherever remoteEntry.js was loaded (/remotes/<id>/).
        publicPath: 'auto',
        uniqueName: `plantdoc_${id}`,
      },
      plugins: [
        new ModuleFederationPlugin({
          name: `plantdoc_${id}`,
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
};
