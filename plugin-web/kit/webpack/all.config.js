// Every web build in one webpack run (`npm run build`): the host's two compilations and the
// remote of every plugin-web/<folder> that has a webpack.config.js. One Node process and one
// webpack start instead of one per workspace; webpack's MultiCompiler runs them side by side
// (figures in docs/speed.md). No module is named: the folders are read.
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '../../..');
const pluginWeb = path.join(root, 'plugin-web');

function configsOf(file, env, argv, name) {
  const exported = require(file);
  const made = typeof exported === 'function' ? exported(env, argv) : exported;
  const list = Array.isArray(made) ? made : [made];
  return list.map((c, i) => ({ ...c, name: c.name || (list.length > 1 ? `${name}-${i}` : name) }));
}

module.exports = (env = {}, argv = {}) => {
  const remotes = fs
    .readdirSync(pluginWeb, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(pluginWeb, d.name, 'webpack.config.js')))
    .map((d) => d.name)
    .sort();
  return [
    ...configsOf(path.join(root, 'host-web/webpack.config.js'), env, argv, 'host'),
    ...remotes.flatMap((id) => configsOf(path.join(pluginWeb, id, 'webpack.config.js'), env, argv, id)),
  ];
};
