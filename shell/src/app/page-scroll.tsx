import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from '@institute/shared/router';
import { restorePosition } from './restore-position';

const STORAGE_KEY = 'page-scroll';

function readSaved(): Map<string, number> {
  try {
    return new Map(Object.entries(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>));
  } catch {
    return new Map();
  }
}

/**
 * Gives the history entry a document was loaded into a key of its own, before the router reads it. react-router
 * keys that entry "default" in every document, so a new page typed or linked into the tab would find the position
 * saved for an earlier document's first entry and open scrolled. The key is kept in the entry's state, so a reload,
 * or Back from another site, finds it again.
 */
export function keyFirstEntry(): void {
  const state: unknown = window.history.state;
  if (state && typeof state === 'object' && 'key' in state) return;
  const key = Math.random().toString(36).slice(2, 10);
  window.history.replaceState({ ...(state && typeof state === 'object' ? state : {}), key }, '');
}

/**
 * Scrolling as react-router's ScrollRestoration does it, for the declarative router (decision 025: the data router
 * that ScrollRestoration needs costs 17.5 KB gzip on every first load). A new page opens at its top; Back and Forward
 * return to where the visitor was on that history entry (kept per entry key for the tab, so a reload keeps them),
 * once the page is there again (restore-position.ts); a link to an anchor scrolls to it. A change of the query alone
 * (a filter, a sort, "Load more") keeps the position.
 */
export function PageScroll() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const saved = useRef<Map<string, number> | null>(null);
  const previousPath = useRef<string | null>(null);
  // The entry the page on screen belongs to, switched in the commit that shows a new page: the scroll events that
  // follow it (the browser clamping a shorter page, our own scrollTo) arrive a frame later and are the new entry's.
  const currentKey = useRef(location.key);
  // Stops a restoration still waiting for its page; while one waits, the page's own scrolling (clamped to a page
  // not there yet) is not where the visitor was.
  const restoring = useRef<(() => void) | null>(null);

  useEffect(() => {
    saved.current ??= readSaved();
    window.history.scrollRestoration = 'manual';
    const persist = () => sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(saved.current ?? [])));
    window.addEventListener('pagehide', persist);
    return () => window.removeEventListener('pagehide', persist);
  }, []);

  useEffect(() => {
    const remember = () => {
      if (!restoring.current) saved.current?.set(currentKey.current, window.scrollY);
    };
    // The visitor may have scrolled the server's HTML before the page's code arrived and this listener with it.
    remember();
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  useLayoutEffect(() => {
    saved.current ??= readSaved();
    const samePage = previousPath.current === location.pathname;
    currentKey.current = location.key;
    // The list writing how many items it shows into the URL (replace) is still the page Back is waiting for.
    if (samePage && navigationType === 'REPLACE' && restoring.current) return;
    restoring.current?.();
    const firstRender = previousPath.current === null;
    previousPath.current = location.pathname;
    const position = saved.current.get(location.key);
    if (navigationType === 'POP' && position !== undefined) {
      const key = location.key;
      const stop = () => {
        if (restoring.current === stop) restoring.current = null;
        stopWaiting?.();
      };
      let stopWaiting: (() => void) | null = null;
      restoring.current = stop;
      // After the rest of this commit's layout effects: the route's placeholder, if it shows one, holds the page.
      queueMicrotask(() => {
        if (restoring.current !== stop || currentKey.current !== key) return;
        stopWaiting = restorePosition(position, () => {
          if (restoring.current === stop) restoring.current = null;
        });
      });
    } else if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    } else if (!samePage && !firstRender) {
      window.scrollTo(0, 0);
    }
  }, [location.key, location.pathname, location.hash, navigationType]);

  return null;
}
