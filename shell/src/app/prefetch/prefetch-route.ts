import { getConfig } from '@institute/shared/config';
import { loadedRemoteComponent, loadRemoteComponent } from '@institute/shared/federation';
import { matchRoutes } from '@institute/shared/router';
import { remoteManifestUrl } from '../../federation/load-remote';
import { loadQueryProvider } from '../../lib/queries/with-queries';
import { ROUTES } from '../route-table';
import { fetchRemoteFiles, startRemoteFiles } from './fetch-remote-files';
import { fetchPageHtml, fetchPageHtmlAhead, offerPageReadAhead, resetReadAhead } from './page-html';

/** A link prefetched this recently is not prefetched again (its data is still fresh in the page's cache). */
const AGAIN_AFTER_MS = 30_000;
const startedAt: Record<'load' | 'fetch', Map<string, number>> = { load: new Map(), fetch: new Map() };

/**
 * `load`: the page's module is loaded and evaluated, ready for the click (intent: hover, touch, focus). `press`: the
 * same for a click about to come; when the page's code is not here yet, its server HTML is fetched instead of its
 * data (docs/decisions/064). `fetch`: its files are only fetched into the cache, nothing of them runs until a click
 * or an intent asks for it (links in view), so an idle page spends no main-thread time on pages the visitor may never
 * open (docs/decisions/040).
 */
export type PrefetchHow = 'load' | 'press' | 'fetch';

export type PrefetchStarted = 'remote-page' | 'shell-page' | null;

const loadPrefetchQuery = () => import(/* webpackChunkName: "queries" */ './prefetch-query');

/**
 * Starts fetching what the page behind `href` needs before the click: its code (the remote's module through the
 * federation runtime, or only its files with `fetch`; a shell page's chunk) and its first data request (or, at a
 * press, its server HTML, which carries the data), side by side, neither waiting for the other. Public routes of
 * this site only. Answers what was started: a remote's page (module and data), a shell page (a small chunk), or
 * nothing.
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
  const kind = how === 'fetch' ? 'fetch' : 'load';
  // A page loaded ahead needs no fetching ahead; one only fetched is still loaded on intent.
  if (recent(startedAt[kind]) || (kind === 'fetch' && recent(startedAt.load))) return null;
  const started = startedAt[kind];

  const match = matchRoutes(ROUTES.map((route) => ({ path: route.path })), url.pathname)?.[0];
  const entry = match && ROUTES.find((route) => route.path === match.route.path);
  if (!match || !entry || entry.access !== 'public') return null;
  const fetchedAhead = recent(startedAt.fetch);
  started.set(key, Date.now());
  const forget = () => started.delete(key);

  // A failure is shown where the page renders (its fallback, its error state), not here; the next intent retries.
  if ('page' in entry) {
    // A shell page's chunk is a few KB of the shell's own code: loaded either way.
    entry.page.preload().catch(forget);
    if (entry.queries) loadQueryProvider().catch(forget);
    return 'shell-page';
  }
  const remote = entry.remote.slice(0, entry.remote.indexOf('/'));
  const manifestUrl = remoteManifestUrl(remote);
  const { query } = entry;
  const prefetchQuery = () => {
    if (!query) return;
    const input = { params: match.params, search: url.searchParams };
    loadPrefetchQuery().then(({ prefetchRouteQuery }) => prefetchRouteQuery(query, input)).catch(forget);
  };
  // A press with nothing of the page here yet: one request for its server HTML, which holds its markup, styles and
  // data, shown while the code comes; it replaces the data request (docs/decisions/064). Without it (failed, or the
  // server's fallback page), the page's query starts then.
  const pressForHtml = how === 'press' && entry.serverRendered === true && loadedRemoteComponent(entry.remote) === null;
  const html = pressForHtml && !fetchedAhead;
  // Read ahead for being in view: shown at once, while the module starts from the cache (docs/decisions/064).
  if (pressForHtml) offerPageReadAhead(url);
  // In view: the page's HTML instead of its data, kept for a press; its query starts only if the HTML cannot serve.
  const htmlAhead = how === 'fetch' && entry.serverRendered === true;
  if (kind === 'load') {
    // Data, manifest, entry and the expose's files all start now, side by side (docs/decisions/063); the runtime's
    // load takes them as it gets to each. A remote already running has its manifest: the runtime asks for none.
    if (html) fetchPageHtml(url, entry.remote, prefetchQuery);
    else if (!url.search && !fetchedAhead) preloadData(entry.data, match.params);
    if (manifestUrl && !remoteRunning(remote)) startRemoteFiles(entry.remote, manifestUrl).catch(() => undefined);
    loadRemoteComponent(entry.remote).catch(forget);
  } else {
    if (manifestUrl) fetchRemoteFiles(entry.remote, manifestUrl).catch(forget);
    if (htmlAhead) fetchPageHtmlAhead(url, entry.remote, prefetchQuery);
  }
  // The query client's chunk and the data request follow each other, beside the module's code, not after it.
  loadQueryProvider().catch(forget);
  if (!html && !htmlAhead) prefetchQuery();
  return 'remote-page';
}

/** Whether a remote's entry has run in this page (it defines its global, the federation name). */
const remoteRunning = (name: string) => (window as unknown as Record<string, unknown>)[name] !== undefined;

/**
 * Starts a page's first data request at once (docs/decisions/063), as the HTML's preloads do on a first load
 * (the route's `data` paths, the very URL its first query reads, in the same CORS mode): its query then takes the
 * response instead of requesting it after the query client's chunk has arrived. A link with a query string reads
 * another URL (filters, paging) and is left to its query.
 */
function preloadData(paths: string[] | undefined, params: Record<string, string | undefined>, doc: Document = document): void {
  const api = getConfig().apiBaseUrl.replace(/\/$/, '');
  for (const path of paths ?? []) {
    let missing = false;
    const filled = path.replace(/:(\w+)/g, (_m, name: string) => {
      const value = params[name];
      if (value === undefined) missing = true;
      return encodeURIComponent(value ?? '');
    });
    if (missing) continue;
    const link = doc.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'fetch');
    link.href = `${api}${filled}`;
    link.crossOrigin = 'anonymous';
    doc.head.appendChild(link);
  }
}

/** Forgets what was prefetched (tests). */
export function resetPrefetched(): void {
  startedAt.load.clear();
  startedAt.fetch.clear();
  resetReadAhead();
}
