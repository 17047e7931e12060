import { setConfig } from '@institute/shared/config';
import type { SiteConfig } from '@institute/shared/contract';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from '@institute/shared/router/server';
import { prerenderToText } from '@institute/shared/ssr';
import { APP_ROUTES, Providers } from '../app/app';
import { ROUTES } from '../app/route-table';
import { pageMeta } from './page-meta';

/** What a publish step needs to know of each route: its pattern, who may see it, its title and what it loads first. */
export interface PrerenderRoute {
  path: string;
  access: string;
  title: string;
  /** For search engines and link previews (page-meta.ts). */
  description: string;
  sitemap: boolean;
  remote?: string;
  data?: string[];
  /** The chunk groups of startup-assets.json the route's first render loads besides the bootstrap. */
  chunks: string[];
}

export const routes: PrerenderRoute[] = ROUTES.map((entry) => ({
  path: entry.path,
  access: entry.access,
  title: entry.title,
  ...pageMeta(entry.path),
  ...('remote' in entry
    ? { remote: entry.remote, data: entry.data ?? [], chunks: ['queries'] }
    : { chunks: entry.queries ? [entry.page.chunk, 'queries'] : [entry.page.chunk] }),
}));

/**
 * The markup of `#root` for one URL: header, footer and the shell's own content; remote areas render the
 * placeholder they hydrate with. Waits for the shell's code-split pages, which are bundled in.
 */
export async function renderPage(url: string, config: SiteConfig): Promise<string> {
  setConfig(config);
  // The server counterpart of the browser's data router, on the same routes, so hydration finds the same tree.
  const handler = createStaticHandler(APP_ROUTES);
  const context = await handler.query(new Request(new URL(url, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`rendering ${url}: the router answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // A page that cannot render here would be thrown away by hydration: refuse to publish it instead. No hydration
  // data script: the routes load no data, and the browser's router starts from the URL alone.
  return prerenderToText(
    <Providers>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Providers>,
    url,
  );
}
