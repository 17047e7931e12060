import { setConfig } from '@institute/shared/config';
import type { SiteConfig } from '@institute/shared/contract';
import { prerenderToText } from '@institute/shared/ssr';
import { StaticRouter } from '@institute/shared/router/server';
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
