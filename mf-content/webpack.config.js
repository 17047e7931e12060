// @ts-check
const createConfig = require('../tools/webpack/create-config.cjs');
const { createPrerenderConfig } = require('../tools/webpack/create-config.cjs');

/** Exposes: exactly what the shell and other modules load (the contract is in @institute/shared/contract). */
const base = createConfig({
  dir: __dirname,
  name: 'mf_content',
  port: 3003,
  exposes: {
    './GalleryPage': './src/expose/gallery-page.tsx',
    './BlogListPage': './src/expose/blog-list-page.tsx',
    './BlogDetailPage': './src/expose/blog-detail-page.tsx',
    './BlogHighlights': './src/expose/blog-highlights.tsx',
    './ContactPage': './src/expose/contact-page.tsx',
    './AppointmentPage': './src/expose/appointment-page.tsx',
  },
});
const server = createPrerenderConfig({ dir: __dirname, name: 'mf_content', entry: './src/ssr.tsx' });

/** The browser build, and in production the server build the site renders this module's pages' first HTML with. */
module.exports = (/** @type {any} */ env, /** @type {{ mode?: string }} */ argv) => {
  const browser = { ...base(env, argv), name: 'browser' };
  return argv.mode === 'development' ? browser : [browser, server(env, argv)];
};
