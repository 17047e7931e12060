import { coursePagesQuery, courseQuery, firstPageLimit, quickProgramPagesQuery, shownFrom } from '@institute/shared/api';
import type { Course } from '@institute/shared/contract';
import { courseHead, renderRemotePage, type RemoteRender } from '@institute/shared/ssr';
import { filtersOf } from './components/catalog-list/catalog-list';
import { readListQuery } from './utils/list-query';
import { CourseDetailPage } from './features/courses/components/course-detail-page';
import { CoursesPage } from './features/courses/components/courses-page';
import { quickProgramQuery } from './features/quick-programs/api/use-quick-program';
import { QuickProgramDetailPage } from './features/quick-programs/components/quick-program-detail-page';
import { QuickProgramsPage } from './features/quick-programs/components/quick-programs-page';

/**
 * This module's server build (published beside its browser build, never served): the site renders these pages'
 * first HTML with it, so their content and largest image arrive with the page, before any script.
 */
export const render: RemoteRender = (request) => renderRemotePage(request, {
  CoursesPage: {
    Page: CoursesPage,
    prefetch: (client, _params, search) =>
      client.fetchInfiniteQuery(coursePagesQuery(filtersOf(readListQuery(search)), firstPageLimit(shownFrom(search)))),
  },
  CourseDetailPage: {
    Page: CourseDetailPage,
    prefetch: (client, { id = '' }) => client.fetchQuery(courseQuery(id)),
    head: (course, { config, path }) => (course ? courseHead(course as Course, config, path) : null),
  },
  QuickProgramsPage: {
    Page: QuickProgramsPage,
    prefetch: (client, _params, search) =>
      client.fetchInfiniteQuery(quickProgramPagesQuery(filtersOf(readListQuery(search)), firstPageLimit(shownFrom(search)))),
  },
  QuickProgramDetailPage: {
    Page: QuickProgramDetailPage,
    prefetch: (client, { id = '' }) => client.fetchQuery(quickProgramQuery(id)),
    head: (program, { config, path }) => (program ? courseHead(program as Course, config, path) : null),
  },
});
