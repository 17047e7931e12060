import type { RemoteModuleId } from '@institute/shared/contract';
import { entryBeside } from '../../federation/entry-integrity';
import { offerManifest } from '../../federation/manifest-handoff';

/** The part of a remote's `mf-manifest.json` read here: where its files are and which belong to an expose. */
interface Manifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: { name: string; path: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}

/**
 * The files a remote's exposed page needs, from its manifest: the entry, the expose's chunks and stylesheets. The
 * same reading as the site server's preload links (a manifest's `publicPath` "auto" means beside the manifest).
 */
export function exposeFiles(manifest: Manifest, manifestUrl: string, id: RemoteModuleId): string[] {
  const expose = id.slice(id.indexOf('/') + 1);
  const publicPath = manifest.metaData?.publicPath;
  const base = !publicPath || publicPath === 'auto' ? new URL('./', manifestUrl).href : new URL(publicPath, manifestUrl).href;
  const files: string[] = [];
  const entry = manifest.metaData?.remoteEntry;
  if (entry?.name) files.push(`${entry.path ? `${entry.path}/` : ''}${entry.name}`);
  const assets = manifest.exposes?.find((e) => e.name === expose || e.path === `./${expose}`)?.assets;
  files.push(...(assets?.js?.sync ?? []), ...(assets?.css?.sync ?? []));
  return files.map((file) => new URL(file, base).href);
}

/** One read of each manifest per page load, however many of its pages are in view; a failed read is forgotten. */
const manifests = new Map<string, Promise<Manifest>>();

function readManifest(url: string): Promise<Manifest> {
  let pending = manifests.get(url);
  if (!pending) {
    // A fetch that throws at once (no fetch at all) rejects like any failed read, never into the caller.
    pending = new Promise<Response>((resolve) => resolve(fetch(url, { credentials: 'same-origin' }))).then((response) => {
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return response.json() as Promise<Manifest>;
    });
    pending.catch(() => manifests.delete(url));
    manifests.set(url, pending);
  }
  return pending;
}

/** Forgets the manifests read (tests). */
export function resetManifests(): void {
  manifests.clear();
}

/**
 * Fetches a remote page's code into the browser's cache without running any of it (docs/decisions/040): the
 * manifest as data, then its entry, chunks and stylesheets as `<link rel=prefetch>`, which the browser loads at
 * idle priority off the main thread. A click then loads the module from the cache and evaluates it only then, with
 * the integrity decision 017 requires (a prefetch is not matched by integrity, unlike a preload, so nothing is
 * fetched twice). CORS mode, as the module's own scripts and stylesheets are requested.
 */
export async function fetchRemoteFiles(id: RemoteModuleId, manifestUrl: string, doc: Document = document): Promise<void> {
  addLinks(exposeFiles(await readManifest(manifestUrl), manifestUrl, id), 'prefetch', doc);
}

/** The hrefs of the document's links and scripts: a file already asked for is not asked for again. */
const presentFiles = (doc: Document) => new Set([...doc.querySelectorAll<HTMLLinkElement | HTMLScriptElement>('link[href], script[src]')]
  .map((el) => ('href' in el ? el.href : el.src)));

function addLinks(files: string[], rel: 'prefetch', doc: Document): void {
  const present = presentFiles(doc);
  for (const href of files) {
    if (present.has(href)) continue;
    const link = doc.createElement('link');
    link.rel = rel;
    link.href = href;
    link.crossOrigin = 'anonymous';
    doc.head.appendChild(link);
  }
}

/**
 * A click's (or an intent's) start of a remote page's files, all at once instead of one after another as the
 * runtime discovers them (docs/decisions/063): the manifest, read here and handed to the runtime so it is requested
 * once; the entry at once, as a preload with the integrity the registry vouches for (the runtime's script then takes
 * it); and, as soon as the manifest is in, the expose's chunks and stylesheet, fetched into the cache while the entry
 * is still on its way (their hashes are in the entry, so they cannot be preloaded with integrity; a prefetch fills
 * the cache, and the entry's requests for them find it). Nothing here runs code; the runtime's load does.
 */
export function startRemoteFiles(id: RemoteModuleId, manifestUrl: string, doc: Document = document): Promise<void> {
  const manifest = readManifest(manifestUrl);
  offerManifest(manifestUrl, manifest);
  const entry = entryBeside(manifestUrl);
  if (entry && !presentFiles(doc).has(entry.url)) {
    const link = doc.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'script');
    link.href = entry.url;
    link.setAttribute('integrity', entry.integrity);
    link.crossOrigin = 'anonymous';
    doc.head.appendChild(link);
  }
  return manifest.then((json) => addLinks(exposeFiles(json, manifestUrl, id), 'prefetch', doc));
}
