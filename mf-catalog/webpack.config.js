// @ts-check
const createConfig = require('../tools/webpack/create-config.cjs');

/** Exposes: exactly what the shell and other modules load (the contract is in @institute/shared/contract). */
module.exports = createConfig({
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
