export { ApiError, request, type RequestOptions } from './http';
export { authApi, usersApi, coursesApi, quickProgramsApi, blogsApi, galleryApi, paymentsApi } from './endpoints';
export {
  queryKeys, coursesQuery, useCourses, quickProgramsQuery, useQuickPrograms, blogsQuery, useBlogs, galleryQuery, useGallery,
} from './queries';
