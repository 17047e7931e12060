import { useEffect, useState } from 'react';

let firstRenderDone = false;

/** The shell calls this once its first render (the hydration of the page's HTML) has committed. */
export function markFirstRenderDone(): void {
  firstRenderDone = true;
}

/**
 * Renders the caller again, as an ordinary update, when what its Suspense boundary waits for has arrived (`load`,
 * called after the boundary committed its fallback; the same promise the lazy component awaits). The caller sits
 * above that boundary.
 *
 * Why: React reveals a boundary through its own retry, and holds a retry's commit until 300 ms after the last
 * fallback it showed, so that loading states do not pop in one after another. After a click the route's
 * placeholder shows within the first ~100 ms, so a page whose code was there at 200 ms appeared only at 400 ms or
 * later (docs/decisions/065). An ordinary update is not held back; the retry then finds nothing left to do.
 *
 * Not for a part first rendered while the page's HTML hydrated: an update reaching a boundary still waiting to
 * hydrate would make React draw its server markup again (decision 061); React's own retry hydrates it.
 */
export function useRenderOnArrival(load: (() => Promise<unknown>) | null): void {
  const [afterFirstRender] = useState(() => firstRenderDone);
  const [, setArrivals] = useState(0);
  useEffect(() => {
    if (!load || !afterFirstRender) return undefined;
    let mounted = true;
    const renderAgain = () => {
      if (mounted) setArrivals((n) => n + 1);
    };
    load().then(renderAgain, renderAgain);
    return () => {
      mounted = false;
    };
  }, [load, afterFirstRender]);
}
