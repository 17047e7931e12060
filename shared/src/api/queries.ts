import { queryOptions, useQuery } from '@tanstack/react-query';
import { blogsApi, coursesApi, galleryApi, quickProgramsApi } from './endpoints';

/** Query keys are structured so a mutation can invalidate exactly what it changed. */
export const queryKeys = {
  courses: ['courses'] as const,
  quickPrograms: ['quick-programs'] as const,
  quickProgram: (id: string) => ['quick-programs', id] as const,
  blogs: ['blogs'] as const,
  blog: (id: string) => ['blogs', id] as const,
  gallery: ['gallery'] as const,
  users: ['users'] as const,
  user: (id: string) => ['users', id] as const,
  payments: ['payments'] as const,
  myPayments: ['payments', 'mine'] as const,
  myLearning: ['payments', 'learning'] as const,
  receipt: (id: string) => ['payments', 'receipt', id] as const,
  unsentEmails: ['emails', 'unsent'] as const,
};

/** One cached course list serves the header search, /courses, /courses/:id and the home widget. */
export const coursesQuery = () =>
  queryOptions({ queryKey: queryKeys.courses, queryFn: ({ signal }) => coursesApi.list(signal), staleTime: 60_000 });
export const useCourses = () => useQuery(coursesQuery());

export const quickProgramsQuery = () =>
  queryOptions({ queryKey: queryKeys.quickPrograms, queryFn: () => quickProgramsApi.list(), staleTime: 60_000 });
export const useQuickPrograms = () => useQuery(quickProgramsQuery());

export const blogsQuery = () => queryOptions({ queryKey: queryKeys.blogs, queryFn: blogsApi.list, staleTime: 60_000 });
export const useBlogs = () => useQuery(blogsQuery());

export const galleryQuery = () => queryOptions({ queryKey: queryKeys.gallery, queryFn: galleryApi.list, staleTime: 60_000 });
export const useGallery = () => useQuery(galleryQuery());
