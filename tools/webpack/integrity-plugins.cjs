// @ts-check
/**
 * Subresource integrity for the stylesheets mini-css-extract-plugin loads at run time (webpack-subresource-integrity
 * covers scripts only). The chunk loader gets a map chunk id -> sha384 of that chunk's CSS file, and every <link>
 * it inserts carries the hash, so a changed byte in a published stylesheet keeps it from applying.
 *
 * The map is written with placeholders while the runtime is generated (the CSS is not final yet) and filled in
 * once the CSS is minified, before the script hashes are taken (webpack-subresource-integrity runs at
 * PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE), so the scripts' own integrity covers the filled-in values.
 */
const { createHash } = require('node:crypto');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { makePlaceholder, placeholderPrefix } = require('webpack-subresource-integrity/util');

const NAME = 'CssIntegrityPlugin';
const MAP = '__webpack_require__.cssSri';
/** As long as a sha384 integrity value, so source positions do not move when it is filled in. */
const placeholder = (chunkId) => {
  const tag = `css-sri:${chunkId}:`;
  return `sha384-${tag}${'*'.repeat(64 - tag.length)}`;
};
const PLACEHOLDER = /sha384-css-sri:([^:"]+):\**/g;

class CssIntegrityPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, Template } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      const cssFiles = (chunk) => [...chunk.files].filter((file) => file.endsWith('.css'));
      const hasCss = (chunk) => [...(compilation.chunkGraph.getChunkModulesIterableBySourceType(chunk, 'css/mini-extract') ?? [])].length > 0;

      MiniCssExtractPlugin.getCompilationHooks(compilation).beforeTagInsert.tap(NAME, (source, { tag, chunkId }) => {
        const map = {};
        for (const chunk of compilation.chunks) {
          if (chunk.id != null && hasCss(chunk)) map[chunk.id] = placeholder(chunk.id);
        }
        return Template.asString([
          source,
          `${MAP} = ${MAP} || ${JSON.stringify(map)};`,
          `if (${MAP}[${chunkId}]) { ${tag}.integrity = ${MAP}[${chunkId}]; ${tag}.crossOrigin = ${JSON.stringify(compilation.outputOptions.crossOriginLoading || 'anonymous')}; }`,
        ]);
      });

      compilation.hooks.processAssets.tap({ name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE - 1 }, (assets) => {
        const integrity = new Map();
        for (const chunk of compilation.chunks) {
          const [file] = cssFiles(chunk);
          if (chunk.id == null || !file || !assets[file]) continue;
          integrity.set(String(chunk.id), `sha384-${createHash('sha384').update(assets[file].source()).digest('base64')}`);
        }
        for (const [file, asset] of Object.entries(assets)) {
          if (!file.endsWith('.js')) continue;
          const text = asset.source().toString();
          if (!text.includes('sha384-css-sri:')) continue;
          // A chunk without a stylesheet keeps no entry: its link is never created.
          const filled = text.replace(PLACEHOLDER, (_m, id) => integrity.get(id) ?? '');
          compilation.updateAsset(file, new compiler.webpack.sources.RawSource(filled));
        }
      });
    });
  }
}

/**
 * webpack-subresource-integrity lists every chunk of a runtime in its hash map, also the chunks Module Federation
 * leaves without a file (only shared/remote references, loaded by the federation runtime, never as a script). Their
 * placeholders are never filled and the plugin then fails the build; they are filled here, before it runs, with a
 * value of the same length that matches no file.
 */
class FilelessChunkIntegrityPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('FilelessChunkIntegrityPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'FilelessChunkIntegrityPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE - 1 }, (assets) => {
        const fileless = [...compilation.chunks].filter((chunk) => chunk.id != null && chunk.files.size === 0)
          .map((chunk) => makePlaceholder(['sha384'], chunk.id));
        if (!fileless.length) return;
        for (const [file, asset] of Object.entries(assets)) {
          if (!file.endsWith('.js')) continue;
          const text = asset.source().toString();
          if (!text.includes(placeholderPrefix)) continue;
          const filled = fileless.reduce((out, placeholder) => out.split(placeholder).join(`sha384-${'0'.repeat(placeholder.length - 7)}`), text);
          if (filled !== text) compilation.updateAsset(file, new sources.RawSource(filled));
        }
      });
    });
  }
}

module.exports = { CssIntegrityPlugin, FilelessChunkIntegrityPlugin };
