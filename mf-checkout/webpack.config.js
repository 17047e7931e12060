// @ts-check
const createConfig = require('../tools/webpack/create-config.cjs');
const { exposesOf } = require('../tools/webpack/contract.cjs');

/** Exposes: exactly what the contract in @institute/shared/contract lists, from src/expose (tools/webpack/contract.cjs). */
module.exports = createConfig({
  dir: __dirname,
  name: 'mf_checkout',
  port: 3002,
  exposes: exposesOf('mf_checkout', __dirname),
});
