// @ts-check
/**
 * Writes `module-contract.json` beside a module's build: the other modules' exposes its code loads, found in the
 * emitted JavaScript (every load names its module id as a literal, typed by RemoteModuleId). The publish step
 * checks it against the live modules before a version goes live (scripts/lib/compatibility.mjs).
 */
const { loadContract, optionalLoads } = require('./contract.cjs');

const FILE = 'module-contract.json';

class ModuleContractPlugin {
  /** @param {string} name this module's federation name (its own ids are not loads) */
  constructor(name) {
    this.name = name;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    const others = Object.keys(loadContract()).filter((remote) => remote !== this.name);
    const id = new RegExp(`\\b(?:${others.join('|')})\\/[A-Z][A-Za-z0-9]*\\b`, 'g');
    compiler.hooks.thisCompilation.tap('ModuleContractPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ModuleContractPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, (assets) => {
        const loads = new Set();
        for (const [file, asset] of Object.entries(assets)) {
          if (!file.endsWith('.js')) continue;
          for (const match of String(asset.source()).matchAll(id)) loads.add(match[0]);
        }
        const sorted = [...loads].sort();
        const optional = new Set(optionalLoads());
        const contract = { module: this.name, loads: sorted, optional: sorted.filter((load) => optional.has(load)) };
        compilation.emitAsset(FILE, new sources.RawSource(`${JSON.stringify(contract, null, 2)}\n`));
      });
    });
  }
}

module.exports = { ModuleContractPlugin, MODULE_CONTRACT_FILE: FILE };
