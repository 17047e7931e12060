import { useEffect, useState, useSyncExternalStore, type RefObject } from 'react';

const subscribeToLoad = (onLoad: () => void) => {
  window.addEventListener('load', onLoad);
  return () => window.removeEventListener('load', onLoad);
};

/** False on the server and while hydrating (the HTML's first render), then whether the window's load event has fired. */
export function usePageLoaded(): boolean {
  return useSyncExternalStore(subscribeToLoad, () => document.readyState === 'complete', () => false);
}

/**
 * How far ahead of the viewport a deferred image starts: half a screen. Chrome's own lazy loading starts
 * 1,250-2,500 px ahead, which on a one-column phone list is five or six cards nobody has scrolled to yet.
 */
export const NEAR_VIEWPORT_MARGIN = '50%';

/**
 * True once `enabled` and the page has loaded, when the element comes within NEAR_VIEWPORT_MARGIN of the viewport
 * (at once where IntersectionObserver is missing). Stays true: an image once asked for is kept.
 */
export function useNearViewport(ref: RefObject<Element | null>, enabled: boolean): boolean {
  const loaded = usePageLoaded();
  const [near, setNear] = useState(false);
  const observable = typeof IntersectionObserver !== 'undefined';
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !loaded || near || !observable || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: NEAR_VIEWPORT_MARGIN });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, enabled, loaded, near, observable]);
  return near || (enabled && loaded && !observable);
}
