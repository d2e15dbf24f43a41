// Webpack settings common to the host and the remotes (see docs/web.md).
const path = require('path');
const { PrecompressPlugin } = require('./compress');

// JSX through babel (not swc: its native builds break `npm ci` on other platforms).
// `plugins`: extra babel plugins (the remotes add webpack/antd-imports.js).
const babelRuleWith = (plugins = []) => ({
  test: /\.jsx?$/,
  exclude: /node_modules/,
  use: {
    loader: 'babel-loader',
    options: {
      babelrc: false,
      configFile: false,
      presets: [['@babel/preset-react', { runtime: 'automatic' }]],
      plugins,
    },
  },
});
const babelRule = babelRuleWith();

function baseConfig({ dir, mode }) {
  return {
    mode: mode || 'production',
    context: dir,
    devtool: false,
    resolve: { extensions: ['.js', '.jsx'] },
    module: { rules: [babelRule] },
    output: {
      path: path.join(dir, 'dist'),
      clean: true,
      // No [contenthash] in `filename`: the federation runtime needs stable entry names.
      // Async chunks are content-hashed so they can be cached.
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:10].js',
    },
    // `.br` and `.gz` copies of every text asset, served as they are (compress.js).
    plugins: [new PrecompressPlugin()],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

module.exports = { baseConfig, babelRule, babelRuleWith };
