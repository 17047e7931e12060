import { loadRemoteComponent } from '@institute/shared/federation';
import { matchRoutes } from '@institute/shared/router';
import { loadQueryProvider } from '../../lib/queries/with-queries';
import { ROUTES } from '../route-table';

/** A link prefetched this recently is not prefetched again (its data is still fresh in the page's cache). */
const AGAIN_AFTER_MS = 30_000;
const startedAt = new Map<string, number>();

export type PrefetchStarted = 'remote-page' | 'shell-page' | null;

const loadPrefetchQuery = () => import(/* webpackChunkName: "queries" */ './prefetch-query');

/**
 * Starts fetching what the page behind `href` needs before the click: its code (the remote's module through the
 * federation runtime, or the shell page's chunk) and its first data request, side by side, neither waiting for
 * the other. Public routes of this site only. Answers what was started: a remote's page (module and data), a shell
 * page (a small chunk), or nothing.
 */
export function prefetchRoute(href: string): PrefetchStarted {
  let url: URL;
  try {
    url = new URL(href, window.location.href);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin || !/^https?:$/.test(url.protocol)) return null;
  const key = `${url.pathname}${url.search}`;
  if (key === `${window.location.pathname}${window.location.search}`) return null;
  const last = startedAt.get(key);
  if (last !== undefined && Date.now() - last < AGAIN_AFTER_MS) return null;

  const match = matchRoutes(ROUTES.map((route) => ({ path: route.path })), url.pathname)?.[0];
  const entry = match && ROUTES.find((route) => route.path === match.route.path);
  if (!match || !entry || entry.access !== 'public') return null;
  startedAt.set(key, Date.now());
  const forget = () => startedAt.delete(key);

  // A failure is shown where the page renders (its fallback, its error state), not here; the next intent retries.
  if ('page' in entry) {
    entry.page.preload().catch(forget);
    if (entry.queries) loadQueryProvider().catch(forget);
    return 'shell-page';
  }
  loadRemoteComponent(entry.remote).catch(forget);
  const { query } = entry;
  // The query client's chunk and the data request follow each other, beside the module's code, not after it.
  loadQueryProvider().catch(forget);
  if (query) {
    const input = { params: match.params, search: url.searchParams };
    loadPrefetchQuery().then(({ prefetchRouteQuery }) => prefetchRouteQuery(query, input)).catch(forget);
  }
  return 'remote-page';
}

/** Forgets what was prefetched (tests). */
export function resetPrefetched(): void {
  startedAt.clear();
}
