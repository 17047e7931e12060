import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { createQueryClient } from './query-client';

/** One cache for the whole page: every area that reads data (remote pages, widgets, the search) shares it. */
let pageClient: ReturnType<typeof createQueryClient> | null = null;

/** Provides the page's query client, unless a client is already provided above (a test's, say). */
export default function QueryProvider({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return <>{children}</>;
  pageClient ??= createQueryClient();
  return <QueryClientProvider client={pageClient}>{children}</QueryClientProvider>;
}
