import { infiniteQueryOptions, queryOptions, useQuery, type InfiniteData } from '@tanstack/react-query';
import type { Course, QuickProgram } from '../contract';
import { ApiError } from './http';
import { blogsApi, coursesApi, galleryApi, quickProgramsApi, type BlogPageParams, type CatalogPageParams } from './endpoints';

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

/** Items a list page shows at first and adds with each "Load more". */
export const LIST_PAGE_SIZE = 24;
/** At most this many items are read in one request when a URL asks to show more (a reload after several "Load more"). */
export const LIST_FIRST_PAGE_MAX = 96;

/** Where the next page starts and how many it holds. */
export interface PageStep {
  cursor?: string;
  limit: number;
}

/** The first page's size for a list whose URL says `shown` items were on screen: whole pages, within the bounds. */
export function firstPageLimit(shown: number | undefined): number {
  if (!shown || !Number.isFinite(shown) || shown <= LIST_PAGE_SIZE) return LIST_PAGE_SIZE;
  return Math.min(LIST_FIRST_PAGE_MAX, Math.ceil(shown / LIST_PAGE_SIZE) * LIST_PAGE_SIZE);
}

/**
 * A list read a page at a time from the server. The key holds the filters only: how many pages are loaded is the
 * query's own state, so "Load more" extends the same entry; the first page's size applies when it is not cached.
 * Lists read cards (`fields=card`): what a card shows, not whole records; a detail page reads its one record whole.
 */
function pagedQuery<P extends { nextCursor: string | null }>(
  key: readonly unknown[],
  fetchPage: (step: PageStep, signal: AbortSignal) => Promise<P>,
  firstLimit: number,
) {
  return infiniteQueryOptions<P, Error, InfiniteData<P, PageStep>, readonly unknown[], PageStep>({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: { limit: firstLimit } as PageStep,
    getNextPageParam: (last: P): PageStep | undefined => (last.nextCursor ? { cursor: last.nextCursor, limit: LIST_PAGE_SIZE } : undefined),
    staleTime: 60_000,
  });
}

export type CatalogFilters = Omit<CatalogPageParams, 'limit' | 'cursor' | 'startsWith'>;
export type BlogFilters = Omit<BlogPageParams, 'limit' | 'cursor'>;

export const coursePagesQuery = (filters: CatalogFilters, firstLimit = LIST_PAGE_SIZE) =>
  pagedQuery([...queryKeys.courses, 'pages', filters], (step, signal) => coursesApi.cards({ ...filters, ...step }, signal), firstLimit);
export const quickProgramPagesQuery = (filters: CatalogFilters, firstLimit = LIST_PAGE_SIZE) =>
  pagedQuery([...queryKeys.quickPrograms, 'pages', filters], (step, signal) => quickProgramsApi.cards({ ...filters, ...step }, signal), firstLimit);
export const blogPagesQuery = (filters: BlogFilters, firstLimit = LIST_PAGE_SIZE) =>
  pagedQuery([...queryKeys.blogs, 'pages', filters], (step, signal) => blogsApi.cards({ ...filters, ...step }, signal), firstLimit);
export const galleryPagesQuery = (firstLimit = LIST_PAGE_SIZE) =>
  pagedQuery([...queryKeys.gallery, 'pages'], (step, signal) => galleryApi.page(step, signal), firstLimit);

/** One course, read alone (the detail page never needs the list); null when there is no such course. */
export const courseQuery = (id: string) => queryOptions({
  queryKey: [...queryKeys.courses, 'one', id],
  queryFn: async ({ signal }): Promise<Course | null> => {
    try {
      return (await coursesApi.get(id, signal)) ?? null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  enabled: id !== '',
  staleTime: 60_000,
});

/**
 * One program by id, as `courseQuery` reads a course: null for an unknown id (the API's 404), so the page says
 * "Program not found." and the site server answers it with a 404, rather than an error retried and re-rendered.
 * Shared so a route's prefetch fills the very cache entry the page reads (docs/decisions/031).
 */
export const quickProgramQuery = (id: string) => queryOptions({
  queryKey: queryKeys.quickProgram(id),
  queryFn: async ({ signal }): Promise<QuickProgram | null> => {
    try {
      return (await quickProgramsApi.get(id, signal)) ?? null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  enabled: id !== '',
});

/** The home page's few courses: featured first, then as added; only what it shows is read. */
export const POPULAR_COURSES = 4;
export const popularCoursesQuery = () => queryOptions({
  queryKey: [...queryKeys.courses, 'popular'],
  queryFn: ({ signal }) => coursesApi.cards({ sort: 'featured', limit: POPULAR_COURSES }, signal),
  staleTime: 60_000,
});

/** The home page's newest posts. */
export const LATEST_BLOGS = 3;
export const latestBlogsQuery = () => queryOptions({
  queryKey: [...queryKeys.blogs, 'latest'],
  queryFn: ({ signal }) => blogsApi.cards({ limit: LATEST_BLOGS }, signal),
  staleTime: 60_000,
});

/** Header search: the first few courses whose title starts with the text, answered by the server. */
export const COURSE_SEARCH_LIMIT = 10;
export const courseSearchQuery = (prefix: string) => queryOptions({
  queryKey: [...queryKeys.courses, 'search', prefix.toLowerCase()],
  queryFn: ({ signal }) => coursesApi.cards({ startsWith: prefix, sort: 'name', limit: COURSE_SEARCH_LIMIT }, signal),
  staleTime: 60_000,
});

const CATALOG_LIST_SORTS = ['name', 'price-asc', 'price-desc', 'duration'] as const;

/**
 * A catalog list page's filters as its URL carries them (`?category&q&sort`), read the same way the page reads them
 * (blank and unknown values ignored), so a link's prefetch fills the entry the page then looks up.
 */
export function catalogFiltersFrom(search: URLSearchParams): CatalogFilters {
  const category = search.get('category')?.trim() || undefined;
  const q = search.get('q')?.trim() || undefined;
  const sort = search.get('sort') ?? '';
  return { category, q, sort: (CATALOG_LIST_SORTS as readonly string[]).includes(sort) ? (sort as CatalogFilters['sort']) : undefined };
}
