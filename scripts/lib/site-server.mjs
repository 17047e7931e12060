import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { prerenderedPage } from './prerendered-pages.mjs';
import { createRemoteRenderer, injectRemotePage } from './remote-ssr.mjs';
import { robotsTxt, sitemapXml } from './seo-files.mjs';
import { cspHash, HEADERS_FILE, headersForPage } from './site-headers.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8', '.map': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.jpg': 'image/jpeg', '.webp': 'image/webp', '.mp4': 'video/mp4', '.webm': 'video/webm', '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8', '.ico': 'image/x-icon',
};
/** Files that are not pages: nothing may run, load or frame them if one is opened as a document. */
const ASSET_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.map', '.svg', '.txt']);
/** Entry points and registries change in place on a deploy: never cached. Everything else is content-hashed. */
const NO_CACHE = /(^|\/)(index\.html|remoteEntry\.js|mf-manifest\.json|remotes\.json|config\.json|[^/]+\.html)$/;

/**
 * The local stand-in for the CDN: serves the deploy folder with production cache rules, gzip, and the shell's
 * index.html for every other route (client-side routing).
 */
export function createSiteServer(root) {
  const gzipCache = new Map();
  const remotePages = createRemoteRenderer(root);
  let policy = { mtimeMs: -1, value: null };

  /** site-headers.json, re-read when a deploy rewrites it (a registry change takes effect on the next request). */
  function sitePolicy() {
    const file = path.join(root, HEADERS_FILE);
    const mtimeMs = existsSync(file) ? statSync(file).mtimeMs : 0;
    if (mtimeMs !== policy.mtimeMs) {
      let value = null;
      try {
        value = mtimeMs ? JSON.parse(readFileSync(file, 'utf8')) : null;
      } catch {
        value = policy.value;
      }
      policy = { mtimeMs, value };
    }
    return policy.value;
  }

  /**
   * Security headers on every response. A document (a page, or the text of an error) gets the site's headers and
   * CSP, with its own inline styles allowed by hash; any other file gets a short policy that lets it do nothing if
   * opened as a document (an SVG, a JSON file), since the page policy (~1 KB) on every script would cost a phone
   * more than it protects. Module files (everything below a module's folder) may be read from another origin; the
   * site's pages and per-environment files may not. Without site-headers.json (no config published yet) the
   * strictest policy applies.
   */
  function setSecurityHeaders(req, res, rel, document, extraStyleHashes = []) {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (document) {
      const site = sitePolicy() ?? { directives: { 'default-src': ["'self'"], 'frame-ancestors': ["'none'"] }, headers: { 'X-Frame-Options': 'DENY' } };
      const hashes = [...(site.styleHashes?.[rel] ?? []), ...extraStyleHashes];
      for (const [name, value] of Object.entries(headersForPage(site, hashes))) res.setHeader(name, value);
    } else {
      res.removeHeader('Permissions-Policy');
      res.removeHeader('Cross-Origin-Opener-Policy');
      res.removeHeader('Referrer-Policy');
      res.setHeader('Content-Security-Policy', ASSET_POLICY);
      res.setHeader('X-Frame-Options', 'DENY');
    }
    if (rel.includes('/') && !rel.startsWith('pages/')) res.setHeader('Access-Control-Allow-Origin', '*');
    // Behind nginx the header is nginx's own decision (the visitor's protocol, also behind a named TLS load
    // balancer: $institute_forwarded_proto). Reached directly (npm start) a client may send it itself, which only
    // gets it HSTS over plain http: browsers ignore that (RFC 6797 8.1).
    if (req.socket.encrypted || req.headers['x-forwarded-proto'] === 'https') {
      res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
  }

  function send(req, res, file, status = 200, body = null, extraStyleHashes = []) {
    const ext = path.extname(file);
    const rel = path.relative(root, file).split(path.sep).join('/');
    const stat = body ? { size: body.length, mtimeMs: statSync(file).mtimeMs } : statSync(file);
    res.setHeader('Content-Type', TYPES[ext] ?? 'application/octet-stream');
    // no-transform: a proxy that rewrites a script or stylesheet would break its integrity.
    res.setHeader('Cache-Control', `${NO_CACHE.test(rel) || status !== 200 ? 'no-cache' : 'public, max-age=31536000, immutable'}, no-transform`);
    setSecurityHeaders(req, res, rel, ext === '.html', extraStyleHashes);
    res.setHeader('Vary', 'Accept-Encoding');
    const etag = body
      ? `"${createHash('sha1').update(body).digest('base64url').slice(0, 16)}"`
      : `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    res.setHeader('ETag', etag);
    if (req.headers['if-none-match'] === etag && status === 200) {
      res.writeHead(304).end();
      return;
    }
    const wantsGzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    if (wantsGzip && COMPRESSIBLE.has(ext)) {
      const key = `${file}:${stat.mtimeMs}:${etag}`;
      let zipped = gzipCache.get(key);
      if (!zipped) {
        zipped = gzipSync(body ?? readFileSync(file), { level: 9 });
        if (gzipCache.size > 500) gzipCache.clear();
        gzipCache.set(key, zipped);
      }
      res.writeHead(status, { 'Content-Encoding': 'gzip', 'Content-Length': zipped.length });
      res.end(req.method === 'HEAD' ? undefined : zipped);
      return;
    }
    res.writeHead(status, { 'Content-Length': stat.size });
    if (req.method === 'HEAD') res.end();
    else if (body) res.end(body);
    else createReadStream(file).pipe(res);
  }

  /** robots.txt and sitemap.xml, made on request from config.json (and the API, for the sitemap's content). */
  function sendSeoFile(req, res, pathname) {
    let config = null;
    try {
      config = JSON.parse(readFileSync(path.join(root, 'config.json'), 'utf8'));
    } catch {
      // No config published yet: nothing to describe.
    }
    const made = !config ? Promise.reject(new Error('no config.json'))
      : pathname === '/robots.txt' ? Promise.resolve(robotsTxt(config)) : sitemapXml(root, config);
    made.then((text) => {
      const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
      const body = gzip ? gzipSync(text) : Buffer.from(text);
      setSecurityHeaders(req, res, pathname.slice(1), false);
      res.writeHead(200, {
        'Content-Type': pathname === '/robots.txt' ? TYPES['.txt'] : 'application/xml; charset=utf-8',
        'Cache-Control': 'no-cache', 'Content-Length': body.length, Vary: 'Accept-Encoding',
        ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    }, (error) => {
      console.warn(`[site] ${pathname}: ${error?.message ?? error}`);
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache', 'Retry-After': '60' }).end('Try again later');
    });
  }

  return http.createServer((req, res) => {
    setSecurityHeaders(req, res, '', true);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    let pathname;
    let search;
    try {
      const url = new URL(req.url ?? '/', 'http://site');
      pathname = decodeURIComponent(url.pathname);
      search = url.search;
    } catch {
      res.writeHead(400).end();
      return;
    }
    const file = path.join(root, path.normalize(pathname));
    // The shell's prerender build is for the publish step, source maps are for error reports: neither is for browsers.
    if (!file.startsWith(root) || /\/ssr\//.test(pathname) || pathname.endsWith('.map')) {
      res.writeHead(404).end();
      return;
    }
    if (pathname === '/robots.txt' || pathname === '/sitemap.xml') {
      sendSeoFile(req, res, pathname);
      return;
    }
    if (existsSync(file) && statSync(file).isFile()) {
      send(req, res, file);
      return;
    }
    // A missing asset is a 404; any other path is a route of the single-page app: its prerendered page when it
    // has one, else the plain index.html.
    const index = path.join(root, 'index.html');
    if (path.extname(pathname) || !existsSync(index)) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' }).end('Not found');
      return;
    }
    const page = prerenderedPage(root, pathname);
    if (!page) send(req, res, index);
    else if (!page.route.remote) send(req, res, page.file, 200, page.body);
    else {
      // A remote page: its content rendered by the remote's server build, when it has one (decision 018).
      // With the query: a filtered list (`/courses?category=…`) arrives filtered.
      remotePages.render(page.route, `${pathname}${search}`).then((rendered) => {
        const withPage = rendered && injectRemotePage(page.body.toString('utf8'), page.route, rendered);
        if (withPage) send(req, res, page.file, 200, Buffer.from(withPage.html), withPage.styleTexts.map(cspHash));
        else send(req, res, page.file, 200, page.body);
      }, () => send(req, res, page.file, 200, page.body));
    }
  });
}
