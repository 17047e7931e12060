import { readFileSync, statSync } from 'node:fs';
import { deployedFile, manifestUrlOf, readJson, type Registry, type SiteConfig } from '../deploy-folder';
import { sha384 } from '../html';

/** What a remote's server build (`<module>/<version>/ssr/prerender.cjs`) renders: its page and the page's data. */
export interface RenderResult {
  html: string;
  state?: unknown;
  head?: { title: string; description?: string; image?: string; type?: string; jsonLd?: unknown; noindex?: boolean };
  /** The page's HTTP status when not 200: 404 for a page about something that does not exist. */
  status?: number;
  /** The page shows one person's data (a certificate, an invoice): sent `Cache-Control: private, no-store`. */
  personal?: boolean;
}
export interface RenderRequest { expose: string; pattern: string; url: string; config: SiteConfig; window: unknown; props?: Record<string, unknown> }
interface ServerModule { render?: (request: RenderRequest) => Promise<RenderResult | null> }

export interface RemoteManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { name: string; assets?: { css?: { sync?: string[] } } }[];
}
export interface ServerBuild { render: NonNullable<ServerModule['render']>; manifest: RemoteManifest | null; folderUrl: string }

/**
 * The server builds of the deploy folder's remotes, each run only when the live registry's `integrity` section
 * vouches for it, as for the browser's entry (decision 018): an unlisted or changed build is not run. A build is
 * loaded once and again when its file changes.
 */
export function serverBuilds(root: string, warnOnce: (key: string, message: string) => void) {
  const bundles = new Map<string, { mtimeMs: number; expected: string | undefined; module: ServerModule | null }>();

  return function serverBuild(remoteName: string, registry: Registry): ServerBuild | null {
    const manifestUrl = manifestUrlOf(registry, remoteName);
    const manifestFile = deployedFile(root, manifestUrl);
    if (!manifestUrl || !manifestFile) return null;
    const folderUrl = manifestUrl.slice(0, manifestUrl.lastIndexOf('/'));
    const bundleUrl = `${folderUrl}/ssr/prerender.cjs`;
    const file = deployedFile(root, bundleUrl);
    if (!file) return null;
    const { mtimeMs } = statSync(file);
    const expected = registry.integrity?.[bundleUrl];
    let entry = bundles.get(file);
    if (!entry || entry.mtimeMs !== mtimeMs || entry.expected !== expected) {
      if (!expected || sha384(readFileSync(file)) !== expected) {
        warnOnce(`${file}:${mtimeMs}`, `${bundleUrl} is not the build the registry vouches for; its pages render in the browser only`);
        entry = { mtimeMs, expected, module: null };
      } else {
        delete require.cache[file];
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- a published build by its path, loaded afresh when it changes (require's cache can be cleared)
        entry = { mtimeMs, expected, module: require(file) as ServerModule };
      }
      bundles.set(file, entry);
    }
    const render = entry.module?.render;
    if (!render) return null;
    return { render, manifest: readJson<RemoteManifest>(manifestFile), folderUrl };
  };
}
