/* eslint-disable @typescript-eslint/no-explicit-any -- each route's query has its own data shape (route-query.ts) */
import * as api from '@institute/shared/api';
import type { FetchInfiniteQueryOptions, FetchQueryOptions } from '@tanstack/react-query';
import { getPageClient } from '../../lib/queries/page-client';
import type { RouteQuery, RouteQueryInput } from './route-query';

/**
 * Fetches a route's first query into the page's cache; data still fresh there is not fetched again. Part of the
 * query client's chunk, which arrives with the first prefetch or the first area that reads data.
 */
export function prefetchRouteQuery(query: RouteQuery, input: RouteQueryInput): Promise<void> {
  const options = query(api, input);
  // A paged list prefetches its first page into the same infinite-query entry the page reads.
  if ('initialPageParam' in options && options.initialPageParam !== undefined) {
    return getPageClient().prefetchInfiniteQuery(options as FetchInfiniteQueryOptions<any, any, any, any, any>);
  }
  return getPageClient().prefetchQuery(options as FetchQueryOptions<any, any, any, any>);
}
