import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from '@institute/shared/router';

const STORAGE_KEY = 'page-scroll';

function readSaved(): Map<string, number> {
  try {
    return new Map(Object.entries(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>));
  } catch {
    return new Map();
  }
}

/**
 * Scrolling as react-router's ScrollRestoration does it, for the declarative router (decision 025: the data router
 * that ScrollRestoration needs costs 17.5 KB gzip on every first load). A new page opens at its top; Back and Forward
 * return to where the visitor was on that history entry (kept per entry key for the tab, so a reload keeps them); a
 * link to an anchor scrolls to it. A change of the query alone (a filter, a sort, "Load more") keeps the position.
 */
export function PageScroll() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const saved = useRef<Map<string, number> | null>(null);
  const previousPath = useRef<string | null>(null);
  // The entry the page on screen belongs to, switched in the commit that shows a new page: the scroll events that
  // follow it (the browser clamping a shorter page, our own scrollTo) arrive a frame later and are the new entry's.
  const currentKey = useRef(location.key);

  useEffect(() => {
    saved.current ??= readSaved();
    window.history.scrollRestoration = 'manual';
    const persist = () => sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(saved.current ?? [])));
    window.addEventListener('pagehide', persist);
    return () => window.removeEventListener('pagehide', persist);
  }, []);

  useEffect(() => {
    const remember = () => saved.current?.set(currentKey.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  useLayoutEffect(() => {
    saved.current ??= readSaved();
    currentKey.current = location.key;
    const samePage = previousPath.current === location.pathname;
    const firstRender = previousPath.current === null;
    previousPath.current = location.pathname;
    const position = saved.current.get(location.key);
    if (navigationType === 'POP' && position !== undefined) {
      window.scrollTo(0, position);
    } else if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    } else if (!samePage && !firstRender) {
      window.scrollTo(0, 0);
    }
  }, [location.key, location.pathname, location.hash, navigationType]);

  return null;
}
