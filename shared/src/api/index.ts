export {
  ApiError, DEFAULT_REQUEST_TIMEOUT_MS, download, request, requestTimeoutMs, setRequestTimeout, type ApiErrorKind, type ApiFile, type RequestOptions,
} from './http';
export { answeredStatus, API_ERROR_TEXT, apiErrorMessage, messageFor, serverMessage, statusText } from './error-message';
export {
  authApi, usersApi, catalogSummaryApi, coursesApi, quickProgramsApi, blogsApi, galleryApi, paymentsApi, emailsApi, pageSearch,
  type PageParams, type CatalogPageParams, type BlogPageParams,
} from './endpoints';
export {
  queryKeys, coursesQuery, useCourses, quickProgramsQuery, useQuickPrograms, blogsQuery, useBlogs, galleryQuery, useGallery,
  LIST_PAGE_SIZE, LIST_FIRST_PAGE_MAX, firstPageLimit, coursePagesQuery, quickProgramPagesQuery, blogPagesQuery, galleryPagesQuery,
  courseQuery, quickProgramQuery, POPULAR_COURSES, popularCoursesQuery, LATEST_BLOGS, latestBlogsQuery, COURSE_SEARCH_LIMIT, courseSearchQuery,
  catalogFiltersFrom, type PageStep, type CatalogFilters, type BlogFilters,
} from './queries';
export { usePagedList, shownFrom, SHOWN_PARAM } from './paged-list';
export {
  classSessionsApi, classEnrollmentsApi, agreementApi, classSessionKeys, upcomingSessionsQuery, agreementQuery, myWaitlistQuery,
  type SessionOwner,
} from './class-sessions';
export { couponsApi, couponKeys, type CouponPageParams } from './coupons';
export { useProgramSuggestions, SUGGESTIONS_PER_KIND, type ProgramSuggestion } from './program-suggestions';
export { inquiriesApi } from './inquiries';
export { contactApi, certificatesApi, studentRecordsApi, recordKeys } from './records';
export { advisingApi, advisingKeys, advisingSlotsQuery } from './advising';
export { privacyApi, privacyKeys, type ExportFormat, type ExportFile } from './privacy';
export { plansApi, planKeys } from './plans';
export { ledgerApi, ledgerKeys } from './ledger';
export { invoicesApi, invoiceKeys, invoiceQuery } from './invoices';
