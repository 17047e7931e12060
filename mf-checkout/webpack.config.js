// @ts-check
const createConfig = require('../tools/webpack/create-config.cjs');

/** Exposes: exactly what the shell and other modules load (the contract is in @institute/shared/contract). */
module.exports = createConfig({
  dir: __dirname,
  name: 'mf_checkout',
  port: 3002,
  exposes: {
    './PaymentPage': './src/expose/payment-page.tsx',
    './PaymentOptionsPage': './src/expose/payment-options-page.tsx',
    './PaymentSuccessPage': './src/expose/payment-success-page.tsx',
    './PaymentCancelPage': './src/expose/payment-cancel-page.tsx',
    './ProgramPayment': './src/expose/program-payment.tsx',
    './CheckoutModal': './src/expose/checkout-modal.tsx',
  },
});
