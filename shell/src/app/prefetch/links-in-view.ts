import { linkOf } from './link-intent';
import type { PrefetchStarted } from './prefetch-route';

/** The part of the Network Information API read here (Chromium; absent elsewhere, where nothing is held back). */
interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/**
 * Whether links may be prefetched just for being in view: not when the visitor asked to save data, not on a 2G-class
 * connection. Intent (hover, touch, focus) still prefetches there: that page is about to be loaded anyway.
 */
export function mayPrefetchInView(nav: Navigator = navigator): boolean {
  const connection = (nav as Navigator & { connection?: NetworkInformation }).connection;
  if (!connection) return true;
  return !connection.saveData && !/(^|-)2g$/.test(connection.effectiveType ?? '');
}

export interface InViewOptions {
  /** At most this many remote pages (module and data) prefetched for being in view, per page load. */
  limit: number;
  /** Waits for the moment to start (the page's own loading done); tests start at once. */
  ready?: Promise<void>;
  doc?: Document;
}

const idle = (run: () => void) => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 2_000 });
  else setTimeout(run, 50);
};

/**
 * Prefetches links as they come into view, one at a time in idle moments, until `limit` remote pages have been
 * started; `prefetch` answers what it started (a shell page's small chunk does not count, nor a page already
 * fetched). Links added later (a new page, a menu) are watched too. Nothing at all under Save-Data or on a slow
 * connection.
 */
export function watchLinksInView(prefetch: (href: string) => PrefetchStarted, { limit, ready = Promise.resolve(), doc = document }: InViewOptions): () => void {
  if (!mayPrefetchInView() || typeof IntersectionObserver !== 'function') return () => undefined;
  let stopped = false;
  let started = 0;
  const queue: string[] = [];
  let draining = false;
  const drain = () => {
    if (draining || stopped) return;
    draining = true;
    idle(() => {
      draining = false;
      const href = queue.shift();
      if (href === undefined || stopped) return;
      if (prefetch(href) === 'remote-page') started += 1;
      if (started >= limit) stop();
      else if (queue.length) drain();
    });
  };
  const seen = new WeakSet<Element>();
  const intersections = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      intersections.unobserve(entry.target);
      const link = linkOf(entry.target);
      if (link) queue.push(link.href);
    }
    drain();
  });
  const observeLinks = (root: ParentNode) => {
    for (const link of root.querySelectorAll('a[href]')) {
      if (seen.has(link)) continue;
      seen.add(link);
      intersections.observe(link);
    }
  };
  const mutations = new MutationObserver(() => observeLinks(doc));
  function stop() {
    stopped = true;
    intersections.disconnect();
    mutations.disconnect();
  }
  void ready.then(() => {
    if (stopped) return;
    observeLinks(doc);
    mutations.observe(doc.body, { childList: true, subtree: true });
  });
  return stop;
}
