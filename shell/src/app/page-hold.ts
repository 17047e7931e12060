import { useLayoutEffect } from 'react';

/**
 * Whether the page on screen is still only a stand-in for the route's page: while a route's remote page is on its
 * way, its placeholder holds the page, and Back's scroll position waits for the page itself (page-scroll.tsx).
 */
let holds = 0;
const listeners = new Set<() => void>();

export function holdPage(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    if (holds === 0) for (const listener of [...listeners]) listener();
  };
}

export const pageHeld = (): boolean => holds > 0;

/** Calls `listener` each time the last hold is released; returns the unsubscribe. */
export function onPageReleased(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Holds the page for as long as the calling component is on screen. A layout effect, so the hold is taken in the
 * commit that shows the placeholder, before the browser paints it and before the scroll component looks.
 */
export function useHoldPage(): void {
  useLayoutEffect(() => holdPage(), []);
}
