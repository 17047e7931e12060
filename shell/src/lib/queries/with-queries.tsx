import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useRenderOnArrival } from '@institute/shared/ui';

type Provider = ComponentType<{ children: ReactNode }>;

/** The provider once its chunk has arrived: from then on an area renders with it at once, without suspending. */
let loadedProvider: Provider | null = null;

/** Loads the data-fetching library and the page's query client (one chunk); a prefetch starts it before the click. */
export function loadQueryProvider(): Promise<{ default: Provider }> {
  return import(/* webpackChunkName: "queries" */ './query-provider').then((mod) => {
    loadedProvider = mod.default;
    return mod;
  });
}

const LazyProvider = lazy(loadQueryProvider);

/**
 * The data-fetching library arrives with the first area that reads data, not with every page: the shell's own
 * pages (home's first screen, about, policies) render without it. Remote pages and data-reading widgets go
 * inside; `fallback` holds their space while it loads.
 */
export function WithQueries({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  // Chosen once per area: switching the element type later would remount everything inside.
  const [Provider] = useState<Provider>(() => loadedProvider ?? LazyProvider);
  useRenderOnArrival(Provider === LazyProvider ? loadQueryProvider : null);
  return (
    <Suspense fallback={fallback}>
      <Provider>{children}</Provider>
    </Suspense>
  );
}
