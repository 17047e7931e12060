import path from 'node:path';
import { CONFIG_FILE, readJson, REGISTRY_FILE, type Registry, type SiteConfig } from '../deploy-folder';
import type { PageIndexEntry } from '../pages/prerender';
import { serverBuilds, type RenderResult } from './server-build';
import { stylesheets, type InlineStyle } from './styles';
import { withTimeout } from './with-timeout';

export interface RenderedPage extends RenderResult { apiBaseUrl: string; styles: InlineStyle[] }
export interface RendererOptions {
  /** A page the server cannot render within this is served as before, with its placeholder (SSR_TIMEOUT_MS). */
  timeoutMs?: number;
  /**
   * Rendered pages may be reused this long (SSR_CACHE_MS). None by default: a course an admin just added must be on
   * the next /courses, and the browser takes the rendered data as fresh. Requests for one page at the same moment
   * always share one render.
   */
  cacheMs?: number;
  warn?: (message: string) => void;
}

const CACHE_MAX = 500;

/**
 * Renders the pages of remote modules into their prerendered shell pages at request time (decision 018), with the
 * server build each remote publishes beside its browser build (never served). The live registry picks the version.
 * Any failure serves the page as before.
 */
export function createRemoteRenderer(root: string, {
  timeoutMs = Number(process.env.SSR_TIMEOUT_MS || 1500),
  cacheMs = Number(process.env.SSR_CACHE_MS ?? 0),
  warn = (message) => console.warn(`[site] ${message}`),
}: RendererOptions = {}) {
  const cache = new Map<string, { at: number; pending: boolean; personal?: boolean; promise: Promise<RenderedPage | null> }>();
  const warned = new Set<string>();
  const warnOnce = (key: string, message: string) => {
    if (warned.has(key)) return;
    warned.add(key);
    warn(message);
  };
  const serverBuild = serverBuilds(root, warnOnce);
  const stylesFor = stylesheets(root, warnOnce);
  let domWindow: Promise<unknown> | null = null;
  /** One DOM for the remotes' HTML sanitizer (rich text of course and program pages), made on first use. */
  const sanitizerWindow = () => (domWindow ??= import('jsdom').then(({ JSDOM }) => new JSDOM('').window));

  async function renderUncached({ remote, path: pattern, props }: Pick<PageIndexEntry, 'path' | 'props'> & { remote: string }, url: string): Promise<RenderedPage | null> {
    const registry = readJson<Registry>(path.join(root, REGISTRY_FILE));
    const config = readJson<SiteConfig>(path.join(root, CONFIG_FILE));
    const [remoteName, expose] = remote.split('/') as [string, string];
    const build = config && registry && serverBuild(remoteName, registry);
    if (!config || !registry || !build) return null;
    const result = await withTimeout(build.render({ expose, pattern, url, config, window: await sanitizerWindow(), ...(props ? { props } : {}) }), timeoutMs);
    if (!result?.html) return null;
    return { ...result, apiBaseUrl: config.apiBaseUrl, styles: stylesFor(build, expose, result.html, registry) };
  }

  /** The rendered page of `route` at `url` (path and query), or null; failures are logged and cached for a moment. */
  function render(route: Pick<PageIndexEntry, 'remote' | 'path' | 'props'>, url: string): Promise<RenderedPage | null> {
    if (!route.remote) return Promise.resolve(null);
    const key = `${route.remote} ${url}`;
    const hit = cache.get(key);
    // One person's page (a certificate) is never reused: a revocation or a payment shows on the next load.
    if (hit && (hit.pending || (!hit.personal && Date.now() - hit.at < cacheMs))) return hit.promise;
    const entry: { at: number; pending: boolean; personal?: boolean; promise: Promise<RenderedPage | null> } = { at: Date.now(), pending: true, promise: Promise.resolve(null) };
    entry.promise = renderUncached({ ...route, remote: route.remote }, url).then((page) => {
      entry.personal = Boolean(page?.personal);
      return page;
    }).catch((error: { status?: number; message?: string }) => {
      // A page about something that does not exist (the API's 404) is the browser's to say so; not worth a warning.
      if (error?.status !== 404) warn(`rendering ${url} on the server failed; the browser renders it: ${error?.message ?? error}`);
      return null;
    }).finally(() => {
      entry.pending = false;
      entry.at = Date.now();
    });
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(key, entry);
    return entry.promise;
  }

  return { render };
}
export type RemoteRenderer = ReturnType<typeof createRemoteRenderer>;
