// @ts-check
const createConfig = require('../tools/webpack/create-config.cjs');

/** Exposes: exactly what the shell and other modules load (the contract is in @institute/shared/contract). */
module.exports = createConfig({
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
