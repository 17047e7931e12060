import type * as Api from '@institute/shared/api';
import type { FetchInfiniteQueryOptions, FetchQueryOptions } from '@tanstack/react-query';

/** What a route's first query is built from: the route's parameters and the link's query string. */
export interface RouteQueryInput {
  params: Record<string, string | undefined>;
  search: URLSearchParams;
}

/**
 * A route's first data request, as the options of the shared query function its page reads it with (same key,
 * same function), so a prefetch fills the cache entry the page looks up. The API module is handed in when the
 * prefetch runs, so the route table itself stays free of the data-fetching library.
 */
// A list page's is an infinite query (its first page; later pages load on request).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any data shape: each route's query has its own, and the page, not the prefetch, reads it
export type RouteQuery = (api: typeof Api, input: RouteQueryInput) => FetchQueryOptions<any, any, any, any> | FetchInfiniteQueryOptions<any, any, any, any, any>;
