import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The files of a deploy folder the site reads at run time (docs/architecture.md, Deploy). */
export const REGISTRY_FILE = 'remotes.json';
export const CONFIG_FILE = 'config.json';
export const INDEX_FILE = 'index.html';
/** Written beside remotes.json whenever the registry or config changes; the site server (and nginx) serve it. */
export const HEADERS_FILE = 'site-headers.json';
export const PAGES_DIR = 'pages';
export const PAGES_INDEX = 'routes.json';

/** remotes.json: federation name -> manifest URL, and the integrity the registry vouches for (decision 017). */
export type Registry = { integrity?: Record<string, string> } & Record<string, string | Record<string, string> | undefined>;

/** The part of config.json the site server and the publish step read. */
export interface SiteConfig {
  apiBaseUrl: string;
  siteUrl?: string;
  institute: { name: string; address: string; phone: string; email: string; [key: string]: string };
  paypal?: { sdkBaseUrl?: string; [key: string]: unknown };
  emailjs?: { origin?: string; [key: string]: unknown };
  cloudinary?: { uploadBaseUrl?: string; [key: string]: unknown };
  mapEmbedUrl?: string;
  social?: Record<string, string>;
  [key: string]: unknown;
}

export function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

export const readRegistry = (root: string): Registry => readJson<Registry>(path.join(root, REGISTRY_FILE)) ?? {};
export const readSiteConfig = (root: string): SiteConfig | null => readJson<SiteConfig>(path.join(root, CONFIG_FILE));

/** The manifest URL a registry names for a remote, or undefined. */
export function manifestUrlOf(registry: Registry, remote: string): string | undefined {
  const value = registry[remote];
  return typeof value === 'string' ? value : undefined;
}

/** The file a site-relative URL names in a deploy folder, or null (another origin, outside the folder, or absent). */
export function deployedFile(root: string, url: unknown): string | null {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return null;
  const file = path.join(root, path.normalize(url));
  return file.startsWith(root) && existsSync(file) ? file : null;
}

/** The live shell's version, from the deployed index.html's script URL. */
export function liveShellVersion(root: string): string | null {
  const index = path.join(root, INDEX_FILE);
  return existsSync(index) ? /\/shell\/([^/]+)\//.exec(readFileSync(index, 'utf8'))?.[1] ?? null : null;
}
