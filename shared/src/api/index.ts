export {
  ApiError, DEFAULT_REQUEST_TIMEOUT_MS, request, requestTimeoutMs, setRequestTimeout, type ApiErrorKind, type RequestOptions,
} from './http';
export { answeredStatus, API_ERROR_TEXT, apiErrorMessage, messageFor, serverMessage, statusText } from './error-message';
export { authApi, usersApi, catalogSummaryApi, coursesApi, quickProgramsApi, blogsApi, galleryApi, paymentsApi, emailsApi } from './endpoints';
export {
  queryKeys, coursesQuery, useCourses, quickProgramsQuery, useQuickPrograms, blogsQuery, useBlogs, galleryQuery, useGallery,
} from './queries';
