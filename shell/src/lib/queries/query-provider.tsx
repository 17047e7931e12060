import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { getPageClient } from './page-client';

/** Provides the page's query client, unless a client is already provided above (a test's, say). */
export default function QueryProvider({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return <>{children}</>;
  return <QueryClientProvider client={getPageClient()}>{children}</QueryClientProvider>;
}
