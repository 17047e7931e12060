// @ts-check
const createConfig = require('../tools/webpack/create-config.cjs');

/** Exposes: exactly what the shell and other modules load (the contract is in @institute/shared/contract). */
module.exports = createConfig({
  dir: __dirname,
  name: 'mf_checkout',
  port: 3002,
  exposes: {
    './PaymentPage': './src/expose/payment-page.tsx',
  },
});
