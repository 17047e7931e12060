import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { escapeHtml as attr, scriptJson, sha384 } from './html.mjs';
import { deployedFile } from './modules.mjs';
import { replacePageHead } from './page-head.mjs';
import { liveShellVersion, shellStylesheetsUsedBy, SLOT_END, SLOT_START } from './prerender.mjs';

const require = createRequire(import.meta.url);
/** A page the server cannot render within this is served as before, with its placeholder. */
const RENDER_TIMEOUT_MS = Number(process.env.SSR_TIMEOUT_MS || 1500);
/**
 * Rendered pages may be reused this long (SSR_CACHE_MS). None by default: a course an admin just added must be on
 * the next /courses, and the browser takes the rendered data as fresh. Requests for one page at the same moment
 * always share one render.
 */
const CACHE_MS = Number(process.env.SSR_CACHE_MS ?? 0);
const CACHE_MAX = 500;


function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function withTimeout(promise, ms) {
  let timer;
  return Promise.race([promise, new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms); })])
    .finally(() => clearTimeout(timer));
}

/**
 * Renders the pages of remote modules into their prerendered shell pages at request time (decision 018), with the
 * server build each remote publishes beside its browser build (`<module>/<version>/ssr/prerender.cjs`, never served).
 * The live registry picks the version, and its `integrity` section must vouch for the build, as for the browser's
 * entry: an unlisted or changed build is not run. Any failure serves the page as before.
 */
export function createRemoteRenderer(root) {
  const bundles = new Map();
  const cache = new Map();
  const warned = new Set();
  let domWindow = null;
  /** One DOM for the remotes' HTML sanitizer (rich text of course and program pages), made on first use. */
  const sanitizerWindow = () => (domWindow ??= new (require('jsdom').JSDOM)('').window);

  function warnOnce(key, message) {
    if (warned.has(key)) return;
    warned.add(key);
    console.warn(`[site] ${message}`);
  }

  /** The remote's server build and what its page needs, or null when it has none this server may run. */
  function serverBuild(remoteName, registry) {
    const manifestUrl = registry?.[remoteName];
    const manifestFile = deployedFile(root, manifestUrl);
    if (!manifestFile) return null;
    const folderUrl = manifestUrl.slice(0, manifestUrl.lastIndexOf('/'));
    const bundleUrl = `${folderUrl}/ssr/prerender.cjs`;
    const file = deployedFile(root, bundleUrl);
    if (!file) return null;
    const { mtimeMs } = statSync(file);
    const expected = registry.integrity?.[bundleUrl];
    let entry = bundles.get(file);
    if (!entry || entry.mtimeMs !== mtimeMs || entry.expected !== expected) {
      const actual = sha384(readFileSync(file));
      if (!expected || actual !== expected) {
        warnOnce(`${file}:${mtimeMs}`, `${bundleUrl} is not the build the registry vouches for; its pages render in the browser only`);
        entry = { mtimeMs, expected, module: null };
      } else {
        delete require.cache[file];
        entry = { mtimeMs, expected, module: require(file) };
      }
      bundles.set(file, entry);
    }
    if (!entry.module?.render) return null;
    return { render: entry.module.render, manifest: readJson(manifestFile), folderUrl };
  }

  /**
   * The integrity values a verified entry file carries (its chunks' and stylesheets' sha384, decision 017), or an
   * empty set when the file is not the one `expected` names.
   */
  function hashesVouchedBy(file, expected) {
    if (!expected || !file) return new Set();
    const text = readFileSync(file);
    if (sha384(text) !== expected) return new Set();
    return new Set(text.toString('utf8').match(/sha384-[A-Za-z0-9+/]{64}/g) ?? []);
  }

  /** A stylesheet to inline, when its entry vouches for it: read from the deploy folder at request time. */
  function vouchedStyle(url, dataHref, vouched) {
    const file = deployedFile(root, url);
    if (!file) return null;
    const bytes = readFileSync(file);
    if (!vouched.has(sha384(bytes))) {
      warnOnce(`${file}:css`, `${url} is not a stylesheet its module's entry vouches for; not inlined`);
      return null;
    }
    const css = bytes.toString('utf8').replace(/\/\*# sourceMappingURL=.*?\*\//g, '').replace(/<\/style/gi, '<\\/style');
    return { url, dataHref, css };
  }

  /**
   * The stylesheets the rendered markup needs at first paint, to be inlined: the remote's for this page, and the
   * shell's that style the shared components it uses. `dataHref` is what each one's chunk loader looks for, so
   * neither loads it again: a remote's loader compares the bare file name, the shell's its site path.
   */
  function stylesFor(build, expose, html, registry) {
    const styles = [];
    const entry = build.manifest?.metaData?.remoteEntry;
    const entryUrl = `${build.folderUrl}/${entry?.path ? `${entry.path}/` : ''}${entry?.name ?? 'remoteEntry.js'}`;
    const remoteVouched = hashesVouchedBy(deployedFile(root, entryUrl), registry.integrity?.[entryUrl]);
    const assets = build.manifest?.exposes?.find((e) => e.name === expose)?.assets;
    for (const file of assets?.css?.sync ?? []) styles.push(vouchedStyle(`${build.folderUrl}/${file}`, file, remoteVouched));

    // The shell's sheets already in the page (the prerender inlined them) are skipped when the page is put together.
    const version = liveShellVersion(root);
    if (version) {
      const index = readFileSync(path.join(root, 'index.html'), 'utf8');
      const main = /src="?(\/shell\/[^"\s>]+\/main\.[^"\s>]+\.js)"?[^>]*integrity="?(sha384-[A-Za-z0-9+/=]+)/.exec(index);
      const shellVouched = main ? hashesVouchedBy(deployedFile(root, main[1]), main[2]) : new Set();
      for (const { file } of shellStylesheetsUsedBy(path.join(root, 'shell', version), html)) {
        styles.push(vouchedStyle(`/shell/${version}/${file}`, `/shell/${version}/${file}`, shellVouched));
      }
    }
    return styles.filter(Boolean);
  }

  async function renderUncached(route, pathname) {
    const registry = readJson(path.join(root, 'remotes.json'));
    const config = readJson(path.join(root, 'config.json'));
    const [remoteName, expose] = route.remote.split('/');
    const build = config && serverBuild(remoteName, registry);
    if (!build) return null;
    const result = await withTimeout(build.render({ expose, pattern: route.path, url: pathname, config, window: sanitizerWindow() }), RENDER_TIMEOUT_MS);
    if (!result?.html) return null;
    return { ...result, apiBaseUrl: config.apiBaseUrl, styles: stylesFor(build, expose, result.html, registry) };
  }

  /** The rendered page of `route` at `pathname`, or null; failures are logged and also cached for a moment. */
  function render(route, pathname) {
    const key = `${route.remote} ${pathname}`;
    const hit = cache.get(key);
    if (hit && (hit.pending || Date.now() - hit.at < CACHE_MS)) return hit.promise;
    const entry = { at: Date.now(), pending: true, promise: null };
    entry.promise = renderUncached(route, pathname).catch((error) => {
      // A page about something that does not exist (the API's 404) is the browser's to say so; not worth a warning.
      if (error?.status !== 404) console.warn(`[site] rendering ${pathname} on the server failed; the browser renders it: ${error?.message ?? error}`);
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

/**
 * The prerendered page with the remote's rendered page in its slot: its markup, the query state it was rendered
 * from (the browser's cache starts with it), its stylesheets inline (a stylesheet request would hold the first paint
 * behind other requests on a slow connection), and its image preloads in the head. Returns the page and the texts of
 * the styles it added (for the page's CSP).
 */
export function injectRemotePage(prerendered, route, rendered) {
  // A course or a post has its own title, description and structured data (issue 19).
  const page = rendered.head ? replacePageHead(prerendered, rendered.head) : prerendered;
  const start = page.indexOf(SLOT_START);
  const end = page.indexOf(SLOT_END);
  if (start < 0 || end < start) return null;
  const hoisted = [];
  const markup = rendered.html.replace(/^(\s*<link [^>]*>)+/, (links) => {
    hoisted.push(links);
    return '';
  });
  // Inert until the module mounts, as the shell renders it while it waits: a tap on a button that has no code yet
  // would do nothing, and text typed into a field would be lost when the module replaces the markup.
  const before = page.slice(0, start).replace(/>$/, ' inert="">');
  let html = `${before}${markup}${page.slice(end + SLOT_END.length)}`;
  const styleTexts = [];
  const inline = [];
  for (const { url, dataHref, css } of rendered.styles) {
    if (html.includes(`data-href="${attr(url)}"`) || html.includes(`data-href="${attr(dataHref)}"`)) continue;
    inline.push(`<style data-href="${attr(dataHref)}">${css}</style>`);
    styleTexts.push(css);
  }
  // The page no longer waits on code or data: its content is in the HTML. The prerendered page's preloads (the
  // module's code, its manifest, the registry, the data now inline) would only compete with the page's images on
  // a slow connection; the code still starts from main.js, right after the page has painted.
  html = html.replace(/<link rel="?preload"?(?![^>]*as="?image)[^>]*>/g, '');
  html = html.replace(/<!--page-head-->|<title>/, (first) => `${hoisted.join('')}${first}`).replace('</head>', () => `${inline.join('')}</head>`);
  const state = `<script type="application/json" id="ssr-state">${scriptJson({ slots: [route.remote], queries: rendered.state })}</script>`;
  html = html.replace('<script type="application/json" id="site-data">', () => `${state}<script type="application/json" id="site-data">`);
  return { html, styleTexts };
}

