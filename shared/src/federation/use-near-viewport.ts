import { useEffect, useState, type RefObject } from 'react';

/**
 * How far ahead of the viewport a waiting slot starts its module: about half a phone's screen, so a visitor who
 * scrolls towards it finds it drawn, while a widget further down costs nothing before the page is interactive.
 */
export const NEAR_VIEWPORT_MARGIN = '400px';

/** Someone reaching for the page (a tap, a pointer, the keyboard) is about to use more of it than what shows. */
const INTENT_EVENTS = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * True once the element (`ref`; a slot's wrapper is `display: contents`, so its first child is watched) comes within
 * NEAR_VIEWPORT_MARGIN of the viewport, or the visitor first interacts with the page, while `watching`; at once
 * where the browser has no IntersectionObserver. Never turns false again.
 */
export function useNearViewport(ref: RefObject<HTMLElement | null>, watching: boolean): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!watching || near) return;
    const element = ref.current;
    if (!element || typeof IntersectionObserver !== 'function') {
      setNear(true);
      return;
    }
    const reach = () => setNear(true);
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) reach();
    }, { rootMargin: NEAR_VIEWPORT_MARGIN });
    observer.observe(element.firstElementChild ?? element);
    for (const type of INTENT_EVENTS) window.addEventListener(type, reach, { once: true, passive: true, capture: true });
    return () => {
      observer.disconnect();
      for (const type of INTENT_EVENTS) window.removeEventListener(type, reach, { capture: true });
    };
  }, [ref, watching, near]);
  return near;
}
