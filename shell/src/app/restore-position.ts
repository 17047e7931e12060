import { onPageReleased, pageHeld } from './page-hold';

/** Past this, a page that never grew tall enough is scrolled as near as it allows, once. */
export const RESTORE_GIVE_UP_MS = 10_000;
/** The visitor moving the page themselves: from then on the position is theirs, not the saved one. */
const INTENT_EVENTS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

const reachable = (y: number) => document.documentElement.scrollHeight - window.innerHeight >= y;

/**
 * Scrolls the window to `y`, once, as soon as the page can show it: no route placeholder holds the page (its remote
 * page has mounted) and the document is tall enough (its first data has arrived: a list's items, as many pages as
 * the URL says were shown). Scrolling earlier would let the browser clamp the position to a short page. `done` is
 * called when it has scrolled or stopped waiting (the visitor scrolled, taps or types; the returned stop was called).
 */
export function restorePosition(y: number, done: () => void): () => void {
  let waiting = true;
  const stop = () => {
    if (!waiting) return;
    waiting = false;
    resize?.disconnect();
    unsubscribe();
    clearTimeout(timer);
    for (const type of INTENT_EVENTS) window.removeEventListener(type, stop, true);
    done();
  };
  const attempt = () => {
    if (!waiting || pageHeld() || !reachable(y)) return;
    window.scrollTo(0, y);
    stop();
  };
  const giveUp = () => {
    if (waiting && !pageHeld()) window.scrollTo(0, y);
    stop();
  };
  const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(attempt) : null;
  resize?.observe(document.body);
  const unsubscribe = onPageReleased(attempt);
  const timer = setTimeout(giveUp, RESTORE_GIVE_UP_MS);
  for (const type of INTENT_EVENTS) window.addEventListener(type, stop, { capture: true, passive: true });
  attempt();
  return stop;
}
