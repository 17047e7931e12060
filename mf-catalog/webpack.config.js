// @ts-check
const createConfig = require('../tools/webpack/create-config.cjs');
const { createPrerenderConfig } = require('../tools/webpack/create-config.cjs');

/** Exposes: exactly what the shell and other modules load (the contract is in @institute/shared/contract). */
const base = createConfig({
  dir: __dirname,
  name: 'mf_catalog',
  port: 3001,
  exposes: {
    './CoursesPage': './src/expose/courses-page.tsx',
    './CourseDetailPage': './src/expose/course-detail-page.tsx',
    './QuickProgramsPage': './src/expose/quick-programs-page.tsx',
    './QuickProgramDetailPage': './src/expose/quick-program-detail-page.tsx',
    './PopularCourses': './src/expose/popular-courses.tsx',
  },
});
const server = createPrerenderConfig({ dir: __dirname, name: 'mf_catalog', entry: './src/ssr.tsx' });

/** The browser build, and in production the server build the site renders this module's pages' first HTML with. */
module.exports = (/** @type {any} */ env, /** @type {{ mode?: string }} */ argv) => {
  const browser = { ...base(env, argv), name: 'browser' };
  return argv.mode === 'development' ? browser : [browser, server(env, argv)];
};
