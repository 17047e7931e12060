// @ts-check
/**
 * Emits `startup-assets.json`: the script files the shell's first render needs beyond main.js (its bootstrap chunk,
 * the shared modules that chunk consumes, and what those consume), and the same for each code-split page, so the
 * publish step can preload them from a prerendered page instead of waiting for main.js to discover them.
 */
const NAME = 'StartupAssetsPlugin';

/**
 * The chunk group a consumed shared module loads at run time: the shell provides every shared module itself, so
 * it is the provider's chunk, not the consumer's fallback copy.
 * @param {import('webpack').Compilation} compilation
 */
function providedGroups(compilation) {
  const { chunkGraph } = compilation;
  /** @type {Map<string, import('webpack').ChunkGroup>} */
  const groups = new Map();
  for (const module of compilation.modules) {
    if (module.constructor.name !== 'ProvideSharedModule') continue;
    const group = module.blocks[0] && chunkGraph.getBlockChunkGroup(module.blocks[0]);
    // @ts-ignore webpack keeps the share key in a private field
    if (group) groups.set(module._name, group);
  }
  return groups;
}

/**
 * @param {import('webpack').Compilation} compilation @param {import('webpack').ChunkGroup} group
 * @param {Map<string, import('webpack').ChunkGroup>} provided
 */
function filesOf(compilation, group, provided, seen = new Set(), depth = 0) {
  const { chunkGraph } = compilation;
  const files = new Set();
  for (const chunk of group.chunks) {
    for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
    if (depth > 3) continue;
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
      // A consumed shared module loads its provider's chunk before the consumer runs: part of the same start.
      if (module.constructor.name !== 'ConsumeSharedModule') continue;
      // @ts-ignore webpack keeps the share key in the module's options
      const key = module.options?.shareKey;
      const children = provided.has(key) ? [provided.get(key)] : module.blocks.map((b) => chunkGraph.getBlockChunkGroup(b));
      for (const child of children) {
        if (!child || seen.has(child)) continue;
        seen.add(child);
        for (const file of filesOf(compilation, child, provided, seen, depth + 1)) files.add(file);
      }
    }
  }
  return files;
}

class StartupAssetsPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap({ name: NAME, stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        /** @type {Record<string, string[]>} */
        const groups = {};
        const provided = providedGroups(compilation);
        for (const group of compilation.chunkGroups) {
          const name = group.name;
          if (name === 'bootstrap' || name === 'queries' || name?.startsWith('page-')) groups[name] = [...filesOf(compilation, group, provided)].sort();
        }
        compilation.emitAsset('startup-assets.json', new RawSource(JSON.stringify(groups, null, 2)));
      });
    });
  }
}

module.exports = StartupAssetsPlugin;
