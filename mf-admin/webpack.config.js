// @ts-check
const createConfig = require('../tools/webpack/create-config.cjs');
const { exposesOf } = require('../tools/webpack/contract.cjs');

/** Exposes: exactly what the contract in @institute/shared/contract lists, from src/expose (tools/webpack/contract.cjs). */
module.exports = createConfig({
  dir: __dirname,
  name: 'mf_admin',
  port: 3004,
  exposes: exposesOf('mf_admin', __dirname),
});
