import { readFileSync } from 'node:fs';
import { deployedFile, readJson, type Registry } from '../deploy-folder';
import { escapeHtml as attr, sha384 } from '../html';

/** Route parameters in a preload URL; the site server fills them from the requested path. */
export const paramToken = (name: string): string => `__ROUTE_PARAM_${name}__`;

/** One route of the shell's route table, as its prerender build lists it. */
export interface ShellRoute {
  path: string;
  title: string;
  description?: string;
  access: string;
  remote?: string;
  /** The props the shell mounts the route's remote page with. */
  props?: Record<string, unknown>;
  chunks: string[];
  data?: string[];
  perRequest?: boolean;
  personal?: boolean;
  sitemap?: boolean;
}

interface Manifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: { name: string; path: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}

/**
 * The integrity a module file is loaded with (every module loads its scripts and stylesheets with their sha384, in
 * CORS mode, docs/decisions/017): a preload must ask for the same, or the browser fetches the file twice.
 */
function integrityOf(root: string, url: string): string | null {
  const file = deployedFile(root, url);
  return file ? sha384(readFileSync(file)) : null;
}

/** A remote's manifest, when it is published in this deploy folder (a remote on another origin is not read). */
export function localManifest(root: string, manifestUrl: string): Manifest | null {
  const file = deployedFile(root, manifestUrl);
  return file ? readJson<Manifest>(file) : null;
}

interface PreloadOptions { root: string; remotes: Registry; apiBaseUrl?: string; shellScripts?: string[] }

/**
 * Preload links for a route's first render: the API data the page reads first, the remote's manifest, entry,
 * exposed chunk and stylesheet (from the live registry), and the shell's startup and page chunks. They all start
 * with the HTML, in parallel, instead of one after another as the federation runtime discovers them.
 */
export function routePreloads(route: Pick<ShellRoute, 'remote' | 'data'>, { root, remotes, apiBaseUrl, shellScripts = [] }: PreloadOptions): string {
  const links: string[] = [];
  const link = (href: string, as: string, cors: boolean) => links.push(`<link rel="preload" href="${attr(href)}" as="${as}"${cors ? ' crossorigin="anonymous"' : ''}>`);
  const moduleFile = (href: string, as: string) => {
    const integrity = integrityOf(root, href);
    links.push(`<link rel="preload" href="${attr(href)}" as="${as}" crossorigin="anonymous"${integrity ? ` integrity="${integrity}"` : ''}>`);
  };
  // Data first: the page's largest paint waits on it; the shell's own scripts (which main.js would discover one
  // level later) after the remote's.
  const api = String(apiBaseUrl ?? '').replace(/\/$/, '');
  for (const data of route.data ?? []) link(`${api}${data.replace(/:(\w+)/g, (_m, p: string) => paramToken(p))}`, 'fetch', true);
  if (route.remote) {
    const [name, expose] = route.remote.split('/');
    const manifestUrl = typeof remotes[name!] === 'string' ? (remotes[name!] as string) : undefined;
    const manifest = manifestUrl ? localManifest(root, manifestUrl) : null;
    if (manifestUrl) link(manifestUrl, 'fetch', true);
    if (manifestUrl && manifest) {
      const auto = !manifest.metaData?.publicPath || manifest.metaData.publicPath === 'auto';
      const base = auto ? manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1) : manifest.metaData!.publicPath!;
      const entry = manifest.metaData?.remoteEntry;
      if (entry?.name) moduleFile(`${base}${entry.path ? `${entry.path}/` : ''}${entry.name}`, 'script');
      const assets = manifest.exposes?.find((e) => e.name === expose || e.path === `./${expose}`)?.assets;
      for (const file of assets?.js?.sync ?? []) moduleFile(`${base}${file}`, 'script');
      for (const file of assets?.css?.sync ?? []) moduleFile(`${base}${file}`, 'style');
    }
  }
  for (const script of shellScripts) moduleFile(script, 'script');
  return links.join('');
}
