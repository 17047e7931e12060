// @ts-check
const createConfig = require('../tools/webpack/create-config.cjs');
const { exposesOf } = require('../tools/webpack/contract.cjs');
const { createPrerenderConfig } = require('../tools/webpack/create-config.cjs');

/** Exposes: exactly what the contract in @institute/shared/contract lists, from src/expose (tools/webpack/contract.cjs). */
const base = createConfig({
  dir: __dirname,
  name: 'mf_catalog',
  port: 3001,
  exposes: exposesOf('mf_catalog', __dirname),
});
const server = createPrerenderConfig({ dir: __dirname, name: 'mf_catalog', entry: './src/ssr.tsx' });

/** The browser build, and in production the server build the site renders this module's pages' first HTML with. */
module.exports = (/** @type {any} */ env, /** @type {{ mode?: string }} */ argv) => {
  const browser = { ...base(env, argv), name: 'browser' };
  return argv.mode === 'development' ? browser : [browser, server(env, argv)];
};
