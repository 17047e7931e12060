import {
  coursePagesQuery, courseQuery, firstPageLimit, popularCoursesQuery, quickProgramPagesQuery, shownFrom, upcomingSessionsQuery, type SessionOwner,
} from '@institute/shared/api';
import type { CertificateVerification, ClassSession, Course } from '@institute/shared/contract';
import { courseHead, renderRemotePage, type RemoteRender } from '@institute/shared/ssr';
import type { QueryClient } from '@tanstack/react-query';
import { filtersOf } from './components/catalog-list/catalog-list';
import { verificationQuery } from './features/certificates/api/verification-query';
import { CertificateVerificationPage, VERIFICATION_TEXT } from './features/certificates/components/certificate-verification-page';
import { readListQuery } from './utils/list-query';
import { CourseDetailPage } from './features/courses/components/course-detail-page';
import { CoursesPage } from './features/courses/components/courses-page';
import { PopularCourses } from './features/courses/components/popular-courses';
import { quickProgramQuery } from './features/quick-programs/api/use-quick-program';
import { QuickProgramDetailPage } from './features/quick-programs/components/quick-program-detail-page';
import { QuickProgramsPage } from './features/quick-programs/components/quick-programs-page';

interface Detail {
  item: Course | null;
  sessions: ClassSession[];
}

/**
 * A detail page reads its record and its upcoming sessions side by side. Sessions that cannot be read leave the
 * page without them (the browser tries again), never without the page.
 */
async function detail(client: QueryClient, read: Promise<Course | null>, owner: SessionOwner): Promise<Detail> {
  const { queryKey } = upcomingSessionsQuery(owner);
  const [item] = await Promise.all([read, client.prefetchQuery(upcomingSessionsQuery(owner))]);
  // A failed read is not handed to the browser as state: it reads them itself.
  if (client.getQueryState(queryKey)?.status === 'error') client.removeQueries({ queryKey });
  return { item, sessions: client.getQueryData(queryKey) ?? [] };
}

const detailHead = (data: unknown, context: { config: Parameters<typeof courseHead>[1]; path: string }) => {
  const { item, sessions } = data as Detail;
  return item ? courseHead(item, context.config, context.path, sessions) : null;
};

/** A course or program nobody has: its rendered "not found" page, answered with a 404 (search engines drop it). */
const detailStatus = (data: unknown) => ((data as Detail).item ? undefined : 404);

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
    prefetch: (client, { id = '' }) => detail(client, client.fetchQuery(courseQuery(id)), { kind: 'course', id }),
    head: detailHead,
    status: detailStatus,
  },
  // The home page's section (issue 33): its cards, prices and next start dates are in the first HTML of `/`.
  PopularCourses: {
    Page: PopularCourses,
    prefetch: (client) => client.fetchQuery(popularCoursesQuery()),
  },
  QuickProgramsPage: {
    Page: QuickProgramsPage,
    prefetch: (client, _params, search) =>
      client.fetchInfiniteQuery(quickProgramPagesQuery(filtersOf(readListQuery(search)), firstPageLimit(shownFrom(search)))),
  },
  QuickProgramDetailPage: {
    Page: QuickProgramDetailPage,
    prefetch: (client, { id = '' }) => detail(client, client.fetchQuery(quickProgramQuery(id)), { kind: 'program', id }),
    head: detailHead,
    status: detailStatus,
  },
  // Issue 31: a certificate's public check; an unknown code is a rendered "not found" page answered with a 404.
  CertificateVerificationPage: {
    Page: CertificateVerificationPage,
    prefetch: (client, { code = '' }) => client.fetchQuery(verificationQuery(code)),
    head: (certificate) => (certificate
      ? { title: VERIFICATION_TEXT.title, description: `Certificate ${(certificate as CertificateVerification).number}: ${(certificate as CertificateVerification).program}.`, noindex: true }
      : { title: VERIFICATION_TEXT.notFoundTitle, description: VERIFICATION_TEXT.notFound, noindex: true }),
    status: (certificate) => (certificate ? undefined : 404),
    // It names a person: never kept by a shared cache.
    personal: true,
  },
});
