import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_FILE, liveShellVersion, readJson, type SiteConfig } from '../deploy-folder';
import { withTimeout } from './with-timeout';

/** What the shell's server build renders for a shell page that reads its data per request (decision 059). */
export interface ShellRender {
  /** The markup of `#root`: header, the page with its data, footer. */
  html: string;
  state: unknown;
  status?: number;
  personal?: boolean;
}
interface ShellServerModule { renderRoute?: (url: string, config: SiteConfig) => Promise<ShellRender | null> }

/**
 * Renders the shell pages whose route names their data (an invoice by its code) per request, with the live shell's
 * server build: the one the publish step prerenders every page with (`shell/<version>/ssr/prerender.cjs`), loaded
 * again when a publish changes it. Null, and the prerendered page is served, when there is no such build, it
 * fails or it takes longer than the remote pages may (SSR_TIMEOUT_MS).
 */
export function createShellRenderer(root: string, {
  timeoutMs = Number(process.env.SSR_TIMEOUT_MS || 1500),
  warn = (message: string) => console.warn(`[site] ${message}`),
}: { timeoutMs?: number; warn?: (message: string) => void } = {}) {
  let loaded: { file: string; mtimeMs: number; module: ShellServerModule } | null = null;

  function serverModule(): ShellServerModule | null {
    const version = liveShellVersion(root);
    const file = version && path.join(root, 'shell', version, 'ssr', 'prerender.cjs');
    if (!file || !existsSync(file)) return null;
    const { mtimeMs } = statSync(file);
    if (!loaded || loaded.file !== file || loaded.mtimeMs !== mtimeMs) {
      delete require.cache[file];
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a published build by its path, loaded afresh when a publish changes it
      loaded = { file, mtimeMs, module: require(file) as ShellServerModule };
    }
    return loaded.module;
  }

  /** The page at `url` (path and query) rendered with its data, or null: the browser then reads it itself. */
  async function render(url: string): Promise<ShellRender | null> {
    try {
      const build = serverModule();
      const config = readJson<SiteConfig>(path.join(root, CONFIG_FILE));
      if (!build?.renderRoute || !config) return null;
      const result = await withTimeout(build.renderRoute(url, config), timeoutMs);
      return result?.html ? result : null;
    } catch (error) {
      warn(`rendering ${url} on the server failed; the browser renders it: ${(error as Error)?.message ?? error}`);
      return null;
    }
  }

  return { render };
}
export type ShellRenderer = ReturnType<typeof createShellRenderer>;
