import { watchLinkIntent } from './link-intent';
import { watchLinksInView } from './links-in-view';
import { prefetchRoute, type PrefetchStarted } from './prefetch-route';

/**
 * Remote pages prefetched for merely being in view, per page load: the header's list pages (courses, quick
 * programs, appointment, blog, gallery, contact) on a wide screen; shell pages, a few KB each, come on top.
 */
const IN_VIEW_LIMIT = 6;
/** In-view prefetching waits for the network to have been this quiet after the page's load, so it never competes with it. */
const QUIET_MS = 2_000;

/** What a link merely in view gets: its page's files and data fetched, none of its code run. */
export const prefetchInView = (href: string): PrefetchStarted => prefetchRoute(href, 'fetch');

/** Resolves once the page has loaded and no resource has been fetched for `quietMs`. */
export function afterLoadAndQuiet(quietMs: number): Promise<void> {
  return new Promise((resolve) => {
    const whenLoaded = (run: () => void) => (document.readyState === 'complete' ? run() : window.addEventListener('load', run, { once: true }));
    whenLoaded(() => {
      let timer = setTimeout(done, quietMs);
      const resources = typeof PerformanceObserver === 'function'
        ? new PerformanceObserver(() => { clearTimeout(timer); timer = setTimeout(done, quietMs); })
        : null;
      try {
        resources?.observe({ type: 'resource' });
      } catch {
        // An engine without resource timing: the plain delay after load stands.
      }
      function done() {
        resources?.disconnect();
        resolve();
      }
    });
  });
}

/**
 * Fetches a page's code and data before the click (docs/decisions/031): at once on intent (hover, touch, focus; a
 * press on a page whose code is not here fetches its server HTML instead of its data, decision 064), and for a few links in view once the page has finished loading and the browser is idle, whose code is then only
 * fetched, not run (docs/decisions/040).
 */
export function startPrefetching(): void {
  watchLinkIntent((href, intent) => { prefetchRoute(href, intent === 'press' ? 'press' : 'load'); });
  watchLinksInView(prefetchInView, { limit: IN_VIEW_LIMIT, ready: afterLoadAndQuiet(QUIET_MS) });
}
