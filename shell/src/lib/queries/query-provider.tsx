import { hydrate, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { createQueryClient } from './query-client';
import { takeServerQueries } from './server-state';

/** One cache for the whole page: every area that reads data (remote pages, widgets, the search) shares it. */
let pageClient: ReturnType<typeof createQueryClient> | null = null;

/** Provides the page's query client, unless a client is already provided above (a test's, say). */
export default function QueryProvider({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return <>{children}</>;
  if (!pageClient) {
    pageClient = createQueryClient();
    const server = takeServerQueries();
    if (server) hydrate(pageClient, server);
  }
  return <QueryClientProvider client={pageClient}>{children}</QueryClientProvider>;
}
