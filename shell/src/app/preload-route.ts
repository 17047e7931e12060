import { matchPath } from '@institute/shared/router';
import { loadRemoteComponent } from '@institute/shared/federation';
import { ROUTES } from './route-table';

/** Starts fetching the code of the page at `pathname` before the first render asks for it. */
export function preloadRoute(pathname: string): void {
  const entry = ROUTES.find((route) => matchPath(route.path, pathname));
  if (!entry) return;
  const loading = 'page' in entry ? entry.page.preload() : loadRemoteComponent(entry.remote);
  // A failure shows where the page renders (its fallback), not here.
  loading.catch(() => undefined);
}
