import { loadRemoteComponent } from '@institute/shared/federation';
import { loadQueryProvider } from '../lib/queries/with-queries';
import { routePattern } from '../lib/route-pattern';
import { ROUTES } from './route-table';

/**
 * Starts fetching the code of the page at `pathname` before the first render asks for it. Resolves (never rejects)
 * once the code its prerendered HTML is drawn with has arrived: the shell page's chunk, and the query client's where
 * the page reads data (a remote page's area always does). Hydration waits for it (decision 042), so React adopts
 * that HTML instead of drawing it again. A remote module's own code is started here too; whether hydration waits for
 * it depends on whether the server rendered its page (bootstrap).
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  const pattern = routePattern(pathname, ROUTES.map((route) => route.path));
  const entry = ROUTES.find((route) => route.path === pattern);
  if (!entry) return Promise.resolve();
  const needed: Promise<unknown>[] = [];
  if ('page' in entry) {
    needed.push(entry.page.preload());
    if (entry.queries) needed.push(loadQueryProvider());
  } else {
    needed.push(loadQueryProvider());
    // A failure shows where the page renders (its fallback), not here.
    loadRemoteComponent(entry.remote).catch(() => undefined);
  }
  return Promise.allSettled(needed);
}
