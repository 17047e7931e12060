// @ts-check
/**
 * Emits `policy-pages.json`, the policy text the in-app pages render, so a deploy can generate the static
 * /privacy-policy.html and /terms-and-conditions.html from the same source with that environment's details;
 * and `favicon.ico`, which the deploy puts at the site root (browsers ask /favicon.ico of every page).
 */
const fs = require('node:fs');
const path = require('node:path');
const { require: tsxRequire } = require('tsx/cjs/api');

const SOURCE = path.join(__dirname, 'src/features/policies/policy-content.ts');
const FAVICON = path.join(__dirname, 'src/favicon.ico');

class PolicyPagesPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('PolicyPagesPlugin', (compilation) => {
      compilation.fileDependencies.add(SOURCE);
      compilation.fileDependencies.add(FAVICON);
      compilation.hooks.processAssets.tap({ name: 'PolicyPagesPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        delete require.cache[SOURCE];
        const { privacyPolicy, smsTerms } = tsxRequire(SOURCE, __filename);
        const pages = { 'privacy-policy': privacyPolicy, 'terms-and-conditions': smsTerms };
        compilation.emitAsset('policy-pages.json', new RawSource(JSON.stringify(pages)));
        compilation.emitAsset('favicon.ico', new RawSource(fs.readFileSync(FAVICON)));
      });
    });
  }
}

module.exports = PolicyPagesPlugin;
