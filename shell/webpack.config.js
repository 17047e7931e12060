// @ts-check
const createConfig = require('../tools/webpack/create-config.cjs');
const { createPrerenderConfig } = require('../tools/webpack/create-config.cjs');
const PolicyPagesPlugin = require('./policy-pages-plugin.cjs');
const StartupAssetsPlugin = require('./startup-assets-plugin.cjs');

const base = createConfig({ dir: __dirname, name: 'shell', host: true, port: 3000 });
const prerender = createPrerenderConfig({ dir: __dirname, name: 'shell', entry: './src/prerender/render-page.tsx' });

/** The browser build, and in production the Node build that prerenders each public route's HTML at publish time. */
module.exports = (/** @type {any} */ env, /** @type {{ mode?: string }} */ argv) => {
  const config = base(env, argv);
  const browser = { ...config, name: 'browser', plugins: [...(config.plugins ?? []), new PolicyPagesPlugin(), new StartupAssetsPlugin()] };
  return argv.mode === 'development' ? browser : [browser, prerender(env, argv)];
};
