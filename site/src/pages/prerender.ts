import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_FILE, INDEX_FILE, liveShellVersion, PAGES_DIR, PAGES_INDEX, readJson, readRegistry, type SiteConfig } from '../deploy-folder';
import { scriptJson } from '../html';
import { absoluteUrl, organizationJsonLd, pageHead } from './page-head';
import { attributeOf } from './parse';
import { markRemoteSlot, remoteSlotIds } from './remote-slot';
import { paramToken, routePreloads, type ShellRoute } from './route-preloads';
import { inlineShellStyles } from './shell-styles';
import { applyEdits, contentRange, locate, type Edit } from './splice';

/** What the shell's prerender build (`shell/<version>/ssr/prerender.cjs`) exports. */
interface ShellPrerenderBuild {
  routes: ShellRoute[];
  renderPage(url: string, config: SiteConfig): Promise<string> | string;
}

/** One line of pages/routes.json: which page file a route pattern is served from. */
export interface PageIndexEntry {
  path: string;
  file: string;
  sitemap?: true;
  /** The remote whose page the route shows, rendered into its slot per request. */
  remote?: string;
  props?: Record<string, unknown>;
  /** A shell page the site renders per request with its data (decision 059); `personal`: one person's data. */
  perRequest?: true;
  personal?: true;
  /** Remote sections of the page besides it (a shell page's), rendered into their slots too (decision 060). */
  sections?: string[];
}

/** The URL a pattern is rendered at; its parameters only reach remote areas, which prerender as placeholders. */
const sampleUrl = (pattern: string) => pattern.replace(/:(\w+)/g, '_');
const fileName = (pattern: string) => `${pattern === '/' ? 'home' : pattern.slice(1).replace(/[/:]+/g, '_')}.html`;

/**
 * The shell's index.html with a route's head and markup: its <title> gives way to the page's head block, its
 * description and config.json preload go (both are in the page), and the empty root element takes the markup and
 * this environment's config.
 */
export function fillTemplate(template: string, { head, markup, siteData }: { head: string; markup: string; siteData: string }): string {
  const edits: Edit[] = [];
  let description = false;
  let root = false;
  for (const el of locate(template, (e) => ['link', 'meta', 'title', 'div'].includes(e.tagName))) {
    const { startOffset, endOffset } = el.sourceCodeLocation;
    const remove = { start: startOffset, end: endOffset, text: '' };
    if (el.tagName === 'link' && attributeOf(el, 'rel') === 'preload' && attributeOf(el, 'href') === `/${CONFIG_FILE}`) edits.push(remove);
    else if (el.tagName === 'meta' && attributeOf(el, 'name') === 'description' && !description) {
      description = true;
      edits.push(remove);
    } else if (el.tagName === 'title') edits.push({ ...remove, text: head });
    else if (el.tagName === 'div' && attributeOf(el, 'id') === 'root' && !root) {
      const range = contentRange(el);
      if (!range || range.start !== range.end) continue;
      root = true;
      // Written out whole, however the minifier quoted it: the shell and the tests look for `<div id="root">`.
      edits.push({ start: startOffset, end: endOffset, text: `<div id="root">${markup}</div>${siteData}` });
    }
  }
  if (!root) throw new Error('index.html has no empty <div id="root"></div> to prerender into');
  return applyEdits(template, edits);
}

function loadShellBuild(bundle: string): ShellPrerenderBuild {
  delete require.cache[bundle];
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a published build by its path, loaded afresh after a publish (require's cache can be cleared)
  return require(bundle) as ShellPrerenderBuild;
}

/**
 * Writes `pages/<route>.html` for every public route of the live shell, with header, footer and the shell's
 * own content already in the HTML, this environment's config inline, the shell's CSS inline, and
 * preload links for the route's remote code and first data. Run whenever the shell, the registry or config.json
 * changes, so a prerendered page never names a module version that is not live. Returns the files written.
 */
export async function writePrerenderedPages(root: string): Promise<string[]> {
  const version = liveShellVersion(root);
  const config = readJson<SiteConfig>(path.join(root, CONFIG_FILE));
  const outDir = path.join(root, PAGES_DIR);
  const bundle = version && path.join(root, 'shell', version, 'ssr', 'prerender.cjs');
  if (!version || !bundle || !existsSync(bundle) || !config) {
    // A shell without a prerender build is served as before, from index.html alone.
    rmSync(outDir, { recursive: true, force: true });
    return [];
  }
  const { routes, renderPage } = loadShellBuild(bundle);
  const remotes = readRegistry(root);
  const template = readFileSync(path.join(root, INDEX_FILE), 'utf8');
  const startup = readJson<Record<string, string[]>>(path.join(root, 'shell', version, 'startup-assets.json')) ?? {};
  // The registry itself is still read at run time (preloaded by the page): an edit of remotes.json alone, by hand or
  // by a deploy that uploads only it, takes effect on the next load. The registry here only chooses preloads.
  const siteData = `<script type="application/json" id="site-data">${scriptJson({ config })}</script>`;

  const staging = `${outDir}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const index: PageIndexEntry[] = [];
  for (const route of routes.filter((r) => r.access === 'public' && r.path !== '/versions')) {
    const rendered = await renderPage(sampleUrl(route.path), config);
    // Every slot the page prerendered is marked: the route's page and any section rendered on the server too.
    const slots = remoteSlotIds(rendered);
    const markup = slots.reduce((html, id) => markRemoteSlot(html, id), rendered);
    const sections = slots.filter((id) => id !== route.remote);
    // The route's canonical URL: parameters are filled per request by the site server, like the data preloads.
    const url = absoluteUrl(config, route.path.replace(/:(\w+)/g, (_, name: string) => paramToken(name)));
    const title = pageHead({
      title: `${route.title} | ${config.institute.name}`, description: route.description, url, siteName: config.institute.name,
      ...(route.path === '/' ? { jsonLd: organizationJsonLd(config) } : {}),
    });
    const styles = inlineShellStyles(path.join(root, 'shell', version), `/shell/${version}/`, markup);
    // Only where the page's main content waits on code (a remote page): a shell page is whole in its HTML. The
    // entry (main.js) keeps its own, later, turn: preloaded, it would run before the page's first paint.
    const shellScripts = !route.remote ? [] : [...new Set([...(startup.bootstrap ?? []), ...route.chunks.flatMap((c) => startup[c] ?? [])]
      .map((file) => `/shell/${version}/${file}`))];
    const preloads = routePreloads(route, { root, remotes, apiBaseUrl: config.apiBaseUrl, shellScripts });
    const html = fillTemplate(template, { head: `${title}${preloads}${styles}`, markup, siteData });
    const file = fileName(route.path);
    writeFileSync(path.join(staging, file), html);
    index.push({ path: route.path, file, ...(route.sitemap ? { sitemap: true as const } : {}), ...(route.remote && slots.includes(route.remote) ? { remote: route.remote, ...(route.props ? { props: route.props } : {}) } : {}),
      ...(!route.remote && route.perRequest ? { perRequest: true as const, ...(route.personal ? { personal: true as const } : {}) } : {}),
      ...(sections.length ? { sections } : {}) });
  }
  writeFileSync(path.join(staging, PAGES_INDEX), `${JSON.stringify(index, null, 2)}\n`);
  // Swapped whole, so a request never mixes pages of two registries.
  const old = `${outDir}.${process.pid}.old`;
  if (existsSync(outDir)) renameSync(outDir, old);
  renameSync(staging, outDir);
  rmSync(old, { recursive: true, force: true });
  return index.map((entry) => path.join(outDir, entry.file));
}
