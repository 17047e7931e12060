import { loadRemoteComponent } from '@institute/shared/federation';
import { matchRoutes } from '@institute/shared/router';
import { remoteManifestUrl } from '../../federation/load-remote';
import { loadQueryProvider } from '../../lib/queries/with-queries';
import { ROUTES } from '../route-table';
import { fetchRemoteFiles } from './fetch-remote-files';

/** A link prefetched this recently is not prefetched again (its data is still fresh in the page's cache). */
const AGAIN_AFTER_MS = 30_000;
const startedAt: Record<PrefetchHow, Map<string, number>> = { load: new Map(), fetch: new Map() };

/**
 * `load`: the page's module is loaded and evaluated, ready for the click (intent: hover, touch, focus). `fetch`: its
 * files are only fetched into the cache, nothing of them runs until a click or an intent asks for it (links in
 * view), so an idle page spends no main-thread time on pages the visitor may never open (docs/decisions/040).
 */
export type PrefetchHow = 'load' | 'fetch';

export type PrefetchStarted = 'remote-page' | 'shell-page' | null;

const loadPrefetchQuery = () => import(/* webpackChunkName: "queries" */ './prefetch-query');

/**
 * Starts fetching what the page behind `href` needs before the click: its code (the remote's module through the
 * federation runtime, or only its files with `fetch`; a shell page's chunk) and its first data request, side by
 * side, neither waiting for the other. Public routes of this site only. Answers what was started: a remote's page (module and data), a shell
 * page (a small chunk), or nothing.
 */
export function prefetchRoute(href: string, how: PrefetchHow = 'load'): PrefetchStarted {
  let url: URL;
  try {
    url = new URL(href, window.location.href);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin || !/^https?:$/.test(url.protocol)) return null;
  const key = `${url.pathname}${url.search}`;
  if (key === `${window.location.pathname}${window.location.search}`) return null;
  const recent = (map: Map<string, number>) => Date.now() - (map.get(key) ?? -Infinity) < AGAIN_AFTER_MS;
  // A page loaded ahead needs no fetching ahead; one only fetched is still loaded on intent.
  if (recent(startedAt[how]) || (how === 'fetch' && recent(startedAt.load))) return null;
  const started = startedAt[how];

  const match = matchRoutes(ROUTES.map((route) => ({ path: route.path })), url.pathname)?.[0];
  const entry = match && ROUTES.find((route) => route.path === match.route.path);
  if (!match || !entry || entry.access !== 'public') return null;
  started.set(key, Date.now());
  const forget = () => started.delete(key);

  // A failure is shown where the page renders (its fallback, its error state), not here; the next intent retries.
  if ('page' in entry) {
    // A shell page's chunk is a few KB of the shell's own code: loaded either way.
    entry.page.preload().catch(forget);
    if (entry.queries) loadQueryProvider().catch(forget);
    return 'shell-page';
  }
  if (how === 'load') loadRemoteComponent(entry.remote).catch(forget);
  else {
    const manifestUrl = remoteManifestUrl(entry.remote.slice(0, entry.remote.indexOf('/')));
    if (manifestUrl) fetchRemoteFiles(entry.remote, manifestUrl).catch(forget);
  }
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
  startedAt.load.clear();
  startedAt.fetch.clear();
}
