import { lazy, Suspense, type ReactNode } from 'react';

const QueryProvider = lazy(() => import(/* webpackChunkName: "queries" */ './query-provider'));

/**
 * The data-fetching library arrives with the first area that reads data, not with every page: the shell's own
 * pages (home's first screen, about, policies) render without it. Remote pages and data-reading widgets go
 * inside; `fallback` holds their space while it loads.
 */
export function WithQueries({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <QueryProvider>{children}</QueryProvider>
    </Suspense>
  );
}
