// `files.json` in a build's dist: the names of its scripts (not the compressed copies).
// The kiosk's service worker reads the host's and the island's to keep every chunk the
// kiosk may load later, the lazily loaded screens included (host-web/src/kiosk/sw.js).
class FileListPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('FileListPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'FileListPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, (assets) => {
        const names = Object.keys(assets)
          .filter((n) => n.endsWith('.js'))
          .sort();
        compilation.emitAsset('files.json', new sources.RawSource(JSON.stringify(names)));
      });
    });
  }
}

module.exports = { FileListPlugin };
