import * as api from '@institute/shared/api';
import { getPageClient } from '../../lib/queries/page-client';
import type { RouteQuery, RouteQueryInput } from './route-query';

/**
 * Fetches a route's first query into the page's cache; data still fresh there is not fetched again. Part of the
 * query client's chunk, which arrives with the first prefetch or the first area that reads data.
 */
export function prefetchRouteQuery(query: RouteQuery, input: RouteQueryInput): Promise<void> {
  return getPageClient().prefetchQuery(query(api, input));
}
