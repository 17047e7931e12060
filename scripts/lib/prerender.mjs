import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { scriptJson } from './html.mjs';
import { absoluteUrl, organizationJsonLd, pageHead } from './page-head.mjs';
import { paramToken, routePreloads } from './route-preloads.mjs';

const require = createRequire(import.meta.url);
export const PAGES_DIR = 'pages';
export const PAGES_INDEX = 'routes.json';


/** The live shell's version, from the deployed index.html's script URL. */
export function liveShellVersion(root) {
  const index = path.join(root, 'index.html');
  return existsSync(index) ? /\/shell\/([^/]+)\//.exec(readFileSync(index, 'utf8'))?.[1] ?? null : null;
}

const GLOBAL_RULES = /:root|(^|\})\s*(html|body|\*)\s*[,{]/;
const CLASS_NAMES = /\.((?:shell|shared)_[\w-]+)/g;

/**
 * The shell's stylesheets (file name, text) that some markup uses: one of their module-prefixed class names is in
 * it, or they hold the global tokens.
 */
export function shellStylesheetsUsedBy(shellFolder, markup) {
  return readdirSync(shellFolder).filter((f) => f.endsWith('.css')).sort()
    .map((file) => ({ file, css: readFileSync(path.join(shellFolder, file), 'utf8').replace(/\/\*# sourceMappingURL=.*?\*\//g, '').replace(/<\/style/gi, '<\\/style') }))
    .filter(({ css }) => GLOBAL_RULES.test(css) || [...css.matchAll(CLASS_NAMES)].some(([, name]) => markup.includes(name)));
}

/**
 * The shell's stylesheets this page's markup uses, inlined: the page paints with no stylesheet request. Each
 * inlined sheet carries its URL in data-href, so the chunk loader does not fetch it again; the others arrive with
 * the chunks that need them.
 */
function inlineStyles(shellFolder, publicPath, markup) {
  const byContent = new Map();
  for (const { file, css } of shellStylesheetsUsedBy(shellFolder, markup)) byContent.set(css, [...(byContent.get(css) ?? []), file]);
  const tags = [];
  for (const [css, files] of byContent) {
    // The same sheet emitted for several chunks: its text once, every URL marked as present.
    files.forEach((file, i) => tags.push(`<style data-href="${publicPath}${file}">${i === 0 ? css : ''}</style>`));
  }
  return tags.join('');
}

export const SLOT_START = '<!--ssr-slot-->';
export const SLOT_END = '<!--/ssr-slot-->';

/**
 * Marks the inside of a remote page's slot (`<div data-remote-slot="id">`), where the site server puts the page
 * the remote renders on the server (decision 018). Hydration skips the comments.
 */
export function markRemoteSlot(markup, id) {
  const open = new RegExp(`<div[^>]*data-remote-slot="${id.replace(/[/]/g, '\\/')}"[^>]*>`).exec(markup);
  if (!open) return markup;
  const start = open.index + open[0].length;
  const tags = /<div[\s>]|<\/div>/g;
  tags.lastIndex = start;
  for (let depth = 1, tag; (tag = tags.exec(markup));) {
    depth += tag[0] === '</div>' ? -1 : 1;
    if (depth === 0) return `${markup.slice(0, start)}${SLOT_START}${markup.slice(start, tag.index)}${SLOT_END}${markup.slice(tag.index)}`;
  }
  return markup;
}

/** The URL a pattern is rendered at; its parameters only reach remote areas, which prerender as placeholders. */
const sampleUrl = (pattern) => pattern.replace(/:(\w+)/g, '_');
const fileName = (pattern) => `${pattern === '/' ? 'home' : pattern.slice(1).replace(/[/:]+/g, '_')}.html`;

/**
 * Writes `pages/<route>.html` for every public route of the live shell, with header, footer and the shell's
 * own content already in the HTML, this environment's config inline, the shell's CSS inline, and
 * preload links for the route's remote code and first data. Run whenever the shell, the registry or config.json
 * changes, so a prerendered page never names a module version that is not live. Returns the files written.
 */
export async function writePrerenderedPages(root) {
  const version = liveShellVersion(root);
  const configFile = path.join(root, 'config.json');
  const outDir = path.join(root, PAGES_DIR);
  const bundle = version && path.join(root, 'shell', version, 'ssr', 'prerender.cjs');
  if (!bundle || !existsSync(bundle) || !existsSync(configFile)) {
    // A shell without a prerender build is served as before, from index.html alone.
    rmSync(outDir, { recursive: true, force: true });
    return [];
  }
  delete require.cache[bundle];
  const { routes, renderPage } = require(bundle);
  const config = JSON.parse(readFileSync(configFile, 'utf8'));
  const registryFile = path.join(root, 'remotes.json');
  const remotes = existsSync(registryFile) ? JSON.parse(readFileSync(registryFile, 'utf8')) : {};
  const template = readFileSync(path.join(root, 'index.html'), 'utf8');
  const startupFile = path.join(root, 'shell', version, 'startup-assets.json');
  const startup = existsSync(startupFile) ? JSON.parse(readFileSync(startupFile, 'utf8')) : {};
  // The registry itself is still read at run time (preloaded by the page): an edit of remotes.json alone, by hand or
  // by a deploy that uploads only it, takes effect on the next load. The registry here only chooses preloads.
  const siteData = `<script type="application/json" id="site-data">${scriptJson({ config })}</script>`;

  const staging = `${outDir}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const index = [];
  for (const route of routes.filter((r) => r.access === 'public' && r.path !== '/versions')) {
    const markup = route.remote ? markRemoteSlot(await renderPage(sampleUrl(route.path), config), route.remote) : await renderPage(sampleUrl(route.path), config);
    // The route's canonical URL: parameters are filled per request by the site server, like the data preloads.
    const url = absoluteUrl(config, route.path.replace(/:(\w+)/g, (_, name) => paramToken(name)));
    const title = pageHead({
      title: `${route.title} | ${config.institute.name}`, description: route.description, url, siteName: config.institute.name,
      ...(route.path === '/' ? { jsonLd: organizationJsonLd(config) } : {}),
    });
    const styles = inlineStyles(path.join(root, 'shell', version), `/shell/${version}/`, markup);
    // Only where the page's main content waits on code (a remote page): a shell page is whole in its HTML. The
    // entry (main.js) keeps its own, later, turn: preloaded, it would run before the page's first paint.
    const shellScripts = !route.remote ? [] : [...new Set([...(startup.bootstrap ?? []), ...route.chunks.flatMap((c) => startup[c] ?? [])]
      .map((file) => `/shell/${version}/${file}`))];
    const preloads = routePreloads(route, { root, remotes, apiBaseUrl: config.apiBaseUrl, shellScripts });
    const head = `${title}${preloads}${styles}`;
    const html = template
      // Config is inline: its preload would fetch what the page already holds.
      .replace(/<link rel="?preload"? href="?\/config\.json"?[^>]*>/g, '')
      // The page's own description is in its head block.
      .replace(/<meta name="?description"?[^>]*>/, '')
      .replace(/<title>[^<]*<\/title>/, () => head)
      .replace(/<div id="?root"?><\/div>/, () => `<div id="root">${markup}</div>${siteData}`);
    if (!html.includes('id="site-data"')) throw new Error('index.html has no empty <div id="root"></div> to prerender into');
    const file = fileName(route.path);
    writeFileSync(path.join(staging, file), html);
    index.push({ path: route.path, file, ...(route.sitemap ? { sitemap: true } : {}), ...(route.remote && markup.includes(SLOT_START) ? { remote: route.remote } : {}) });
  }
  writeFileSync(path.join(staging, PAGES_INDEX), `${JSON.stringify(index, null, 2)}\n`);
  // Swapped whole, so a request never mixes pages of two registries.
  const old = `${outDir}.${process.pid}.old`;
  if (existsSync(outDir)) renameSync(outDir, old);
  renameSync(staging, outDir);
  rmSync(old, { recursive: true, force: true });
  return index.map((entry) => path.join(outDir, entry.file));
}
