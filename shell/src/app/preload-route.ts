import { loadRemoteComponent } from '@institute/shared/federation';
import { routePattern } from '../lib/route-pattern';
import { ROUTES } from './route-table';

/** Starts fetching the code of the page at `pathname` before the first render asks for it. */
export function preloadRoute(pathname: string): void {
  const pattern = routePattern(pathname, ROUTES.map((route) => route.path));
  const entry = ROUTES.find((route) => route.path === pattern);
  if (!entry) return;
  const loading = 'page' in entry ? entry.page.preload() : loadRemoteComponent(entry.remote);
  // A failure shows where the page renders (its fallback), not here.
  loading.catch(() => undefined);
}
