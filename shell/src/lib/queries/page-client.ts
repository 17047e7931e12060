import { hydrate, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from './query-client';
import { takeServerQueries } from './server-state';

/** One cache for the whole page: every area that reads data (remote pages, widgets, the search, prefetches) shares it. */
let pageClient: QueryClient | null = null;

/** The page's query client, made on first use and started from the state the server rendered with. */
export function getPageClient(): QueryClient {
  if (!pageClient) {
    pageClient = createQueryClient();
    const server = takeServerQueries();
    if (server) hydrate(pageClient, server);
  }
  return pageClient;
}
