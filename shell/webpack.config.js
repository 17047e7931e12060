// @ts-check
const createConfig = require('../tools/webpack/create-config.cjs');
const PolicyPagesPlugin = require('./policy-pages-plugin.cjs');

const base = createConfig({ dir: __dirname, name: 'shell', host: true, port: 3000 });

/** @type {typeof base} */
module.exports = (env, argv) => {
  const config = base(env, argv);
  return { ...config, plugins: [...(config.plugins ?? []), new PolicyPagesPlugin()] };
};
