// Precompressed copies of the build: next to every text asset of 1 KB or more, `<name>.br`
// (brotli, best level) and `<name>.gz` (gzip -9). The server sends them as they are to a
// browser that accepts them (tower-http ServeDir `precompressed_br/gzip`), so brotli's
// best level — ~20 % under gzip here, far too slow to run per request — costs nothing at
// run time. A copy that would not be smaller is not written.
const zlib = require('zlib');

const TEXT = /\.(js|html|css|json|svg|txt)$/;
const MIN_BYTES = 1024;

class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER }, (assets) => {
        for (const name of Object.keys(assets)) {
          if (!TEXT.test(name)) continue;
          const raw = compilation.getAsset(name).source.buffer();
          if (raw.length < MIN_BYTES) continue;
          const br = zlib.brotliCompressSync(raw, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          });
          const gz = zlib.gzipSync(raw, { level: 9 });
          if (br.length < raw.length) compilation.emitAsset(`${name}.br`, new sources.RawSource(br));
          if (gz.length < raw.length) compilation.emitAsset(`${name}.gz`, new sources.RawSource(gz));
        }
      });
    });
  }
}

module.exports = { PrecompressPlugin };
