/* eslint-disable @typescript-eslint/no-explicit-any -- each route's query has its own data shape (route-query.ts) */
import * as api from '@institute/shared/api';
import { setConfig } from '@institute/shared/config';
import type { SiteConfig } from '@institute/shared/contract';
import { prerenderToText } from '@institute/shared/ssr';
import { matchRoutes } from '@institute/shared/router';
import { StaticRouter } from '@institute/shared/router/server';
import { dehydrate, QueryClient, QueryClientProvider, type DehydratedState, type FetchInfiniteQueryOptions, type FetchQueryOptions } from '@tanstack/react-query';
import { Providers } from '../app/app';
import { AppRoutes } from '../app/routes';
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
  /** The props the route mounts its remote page with: the site's server render passes them on. */
  props?: object;
  data?: string[];
  /** The chunk groups of startup-assets.json the route's first render loads besides the bootstrap. */
  chunks: string[];
  /** A shell page rendered per request with its data (`renderRoute`), not served as prerendered. */
  perRequest?: boolean;
  /** The page shows one person's data: never kept by a shared cache. */
  personal?: boolean;
}

export const routes: PrerenderRoute[] = ROUTES.map((entry) => ({
  path: entry.path,
  access: entry.access,
  title: entry.title,
  ...pageMeta(entry.path),
  ...('remote' in entry
    ? { remote: entry.remote, ...(entry.props ? { props: entry.props } : {}), data: entry.data ?? [], chunks: ['queries'] }
    : {
      chunks: entry.queries ? [entry.page.chunk, 'queries'] : [entry.page.chunk],
      ...(entry.query ? { perRequest: true } : {}),
      ...(entry.personal ? { personal: true } : {}),
    }),
}));

/**
 * The markup of `#root` for one URL: header, footer and the shell's own content; remote areas render the
 * placeholder they hydrate with. Waits for the shell's code-split pages, which are bundled in.
 */
export async function renderPage(url: string, config: SiteConfig): Promise<string> {
  setConfig(config);
  // A page that cannot render here would be thrown away by hydration: refuse to publish it instead.
  return prerenderToText(
    <Providers>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </Providers>,
    url,
  );
}

/** A shell page rendered with its data: the markup of `#root`, and the query state the browser starts from. */
export interface RouteRender {
  html: string;
  state: DehydratedState;
  /** 404 when the route's query answers null: the page says its item was not found. */
  status?: number;
  personal?: boolean;
}

/**
 * A shell page whose route names its main data (`query`), rendered per request with that data read first: the
 * page's content is in its first HTML (docs/decisions/059). Null for any other URL. A failed read throws, and the
 * site serves the prerendered page, which reads the data in the browser.
 */
export async function renderRoute(url: string, config: SiteConfig): Promise<RouteRender | null> {
  const { pathname, searchParams } = new URL(url, 'http://site');
  const match = matchRoutes(ROUTES.map((route) => ({ path: route.path })), pathname)?.[0];
  const entry = match && ROUTES.find((route) => route.path === match.route.path);
  if (!match || !entry || !('page' in entry) || !entry.query) return null;
  setConfig(config);
  // One client per request: nothing read for one visitor is seen by another.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  const options = entry.query(api, { params: match.params, search: searchParams });
  const data: unknown = 'initialPageParam' in options && options.initialPageParam !== undefined
    ? await client.fetchInfiniteQuery(options as FetchInfiniteQueryOptions<any, any, any, any, any>)
    : await client.fetchQuery(options as FetchQueryOptions<any, any, any, any>);
  const html = await prerenderToText(
    <QueryClientProvider client={client}>
      <Providers>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </QueryClientProvider>,
    url,
  );
  return { html, state: dehydrate(client), ...(data === null ? { status: 404 } : {}), ...(entry.personal ? { personal: true } : {}) };
}
