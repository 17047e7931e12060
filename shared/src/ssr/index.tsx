import { PassThrough } from 'node:stream';
import type { ComponentType, ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { dehydrate, QueryClient, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { AuthProvider } from '../auth';
import { setConfig } from '../config';
import type { SiteConfig } from '../contract';
import { matchRoutes, Route, Routes } from '../router';
import { StaticRouter } from '../router/server';
import { sanitizeWith } from '../safe-html';
import type { PageHead } from './page-head';

export { blogPostHead, courseHead, courseInstance, metaDescription, organization, plainMetaDescription, type PageHead } from './page-head';

/** What the site server asks a remote's server build for: one exposed page at one URL. */
export interface RemoteRenderRequest {
  /** The expose's name, e.g. `CoursesPage`. */
  expose: string;
  /** The route pattern the shell mounts it at (`/courses/:id`), for the page's params. */
  pattern: string;
  /** The requested path. */
  url: string;
  config: SiteConfig;
  /** A DOM window (jsdom's) for the HTML sanitizer, which needs one. */
  window: Parameters<typeof sanitizeWith>[0];
  /** The props the shell's route mounts the page with (`{ view: 'book' }`), so both render the same page. */
  props?: Record<string, unknown>;
}

/** The page's markup, signed out, and the query cache it was rendered from (for the browser to start with). */
export interface RemoteRenderResult {
  html: string;
  state: DehydratedState;
  /** The page's own title, description and structured data, when it has them (a course, a post). */
  head?: PageHead | null;
  /** The HTTP status the page answers with when not 200: 404 for a page about something that does not exist. */
  status?: number;
  /**
   * The page shows one person's data, reached by a code in its URL (a certificate, an invoice): no shared cache may
   * keep it (the site answers `Cache-Control: private, no-store`).
   */
  personal?: boolean;
}

/** One server-renderable page of a remote: the component, and the queries it reads on its first render. */
export interface ServerPage {
  /** Rendered with the route's props, as the shell mounts the expose. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each page has its own props; the route table, not this type, pairs them
  Page: ComponentType<any>;
  /** `search` is the URL's query: a list page reads the filters, order and length its URL asks for. */
  prefetch(client: QueryClient, params: Record<string, string | undefined>, search: URLSearchParams): Promise<unknown>;
  /** The page's head from what `prefetch` returned; null when there is nothing of its own (not found). */
  head?(data: unknown, context: { params: Record<string, string | undefined>; config: SiteConfig; path: string }): PageHead | null;
  /** The page's HTTP status from what `prefetch` returned, when not 200 (404: nothing has this id or code). */
  status?(data: unknown): number | undefined;
  /** The page shows one person's data (see `RemoteRenderResult.personal`). */
  personal?: boolean;
}

export type RemoteRender = (request: RemoteRenderRequest) => Promise<RemoteRenderResult | null>;

/**
 * The HTML of a tree once every Suspense boundary has resolved, all inline and in document order. Any error, or a
 * boundary the renderer moved out behind a script, throws: such markup would be thrown away by the browser.
 */
export async function prerenderToText(element: ReactNode, label: string): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(element, {
    onError: (error) => void errors.push(error),
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude.pipe(new PassThrough())) chunks.push(Buffer.from(chunk as Buffer));
  const html = Buffer.concat(chunks).toString('utf8');
  if (html.includes('<script')) errors.push(new Error('the markup holds a script (an outlined Suspense boundary)'));
  if (errors.length) throw new Error(`rendering ${label} failed: ${String((errors[0] as Error)?.stack ?? errors[0])}`);
  return html;
}

/**
 * Renders one of a remote's pages on the server, as a signed-out visitor sees it, with its data already fetched
 * (a failed fetch throws: the site then serves the page without it). The result is static markup the shell shows
 * until the remote's code arrives, and the query state that code starts from, so it renders the same thing.
 */
export async function renderRemotePage(request: RemoteRenderRequest, pages: Record<string, ServerPage>): Promise<RemoteRenderResult | null> {
  const page = pages[request.expose];
  if (!page) return null;
  setConfig(request.config);
  sanitizeWith(request.window);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  const params = matchRoutes([{ path: request.pattern }], request.url)?.[0]?.params ?? null;
  if (!params) return null;
  const data = await page.prefetch(client, params, new URL(request.url, 'http://site').searchParams);
  const html = await prerenderToText(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <StaticRouter location={request.url}>
          <Routes>
            <Route path={request.pattern} element={<page.Page {...request.props} />} />
          </Routes>
        </StaticRouter>
      </AuthProvider>
    </QueryClientProvider>,
    request.url,
  );
  const path = new URL(request.url, 'http://site').pathname;
  const head = page.head?.(data, { params, config: request.config, path }) ?? null;
  const status = page.status?.(data);
  return { html, state: dehydrate(client), head, ...(status ? { status } : {}), ...(page.personal ? { personal: true } : {}) };
}
