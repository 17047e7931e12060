import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { INDEX_FILE, REGISTRY_FILE } from '../deploy-folder';
import { createDevLayer, type DevContext, type DevelopmentOptions } from '../dev/dev-layer';
import { OVERRIDES_PATH } from '../dev/module-overrides';
import type { SitePolicy } from '../headers/site-headers';
import { cspHash } from '../html';
import { prerenderedPage, type PrerenderedPage } from '../pages/prerendered-pages';
import { injectRemotePages, injectShellPage, type SlotRender } from '../ssr/inject';
import { createRemoteRenderer, type RendererOptions } from '../ssr/remote-renderer';
import { createShellRenderer } from '../ssr/shell-renderer';
import { shellStylesheets } from '../ssr/styles';
import { ROLLOUT_FILE, readRollout } from '../rollout/rollout-file';
import { openPreview, visitorRegistry, visitorSelection } from '../rollout/visitor';
import { contentEncoder, isCompressible } from './encoding';
import { cacheControlFor, contentTypeOf, isPrivatePath } from './files';
import { sitePolicyReader } from './policy';
import { setSecurityHeaders, type Served } from './security-headers';
import { seoRoutes } from './seo-routes';

export interface SiteServerOptions {
  renderer?: RendererOptions;
  /** Never in production: module overrides per browser and modules from source (src/dev, decision 038). */
  development?: DevelopmentOptions | null;
  /** Signs and checks preview links (decision 039); without it previews are refused. */
  previewSecret?: string;
}

/** The file a request path names inside the deploy folder, relative to it, or null when it would leave it. */
function relativeFile(root: string, pathname: string): string | null {
  const rel = path.relative(root, path.join(root, path.normalize(pathname)));
  return rel.startsWith('..') || path.isAbsolute(rel) ? null : rel.split(path.sep).join('/');
}

function fileSize(file: string): number | null {
  try {
    const stat = statSync(file);
    return stat.isFile() ? stat.size : null;
  } catch {
    return null;
  }
}
const isFile = (file: string) => fileSize(file) !== null;

/** A page that shows one person's data. */
export const PERSONAL_PAGE_CACHE = 'private, no-store';

/** Text files up to this size without publish's twins are read and compressed here (cached); larger ones stream. */
const READ_MAX_BYTES = 2 * 1024 * 1024;
const hasTwins = (file: string) => existsSync(`${file}.br`) || existsSync(`${file}.gz`);

/**
 * The site server (the local stand-in for the CDN, and the document server behind nginx): serves the deploy folder
 * with production cache rules, the precompressed twins publish writes (brotli or gzip made here for the rest), a
 * route's prerendered page (with its remote's page rendered in it, decision 018) and the shell's index.html for every
 * other route (client-side routing). Not listening yet: `await app.listen({ port, host })`.
 */
export function createSiteServer(root: string, options: SiteServerOptions = {}): FastifyInstance {
  if (options.development && process.env.NODE_ENV === 'production') throw new Error('module overrides and modules from source are refused in production');
  const dev = options.development ? createDevLayer(root, options.development) : null;
  const devContexts = new WeakMap<FastifyRequest, DevContext>();
  const devOf = (request: FastifyRequest): DevContext | null => {
    if (!dev) return null;
    let ctx = devContexts.get(request);
    if (!ctx) devContexts.set(request, ctx = dev.context(request));
    return ctx;
  };
  // A URL the router cannot decode is a bad request, as it was before Fastify (no JSON body for a page request).
  const app = Fastify({ logger: false, routerOptions: { maxParamLength: 4096 }, frameworkErrors: (_error, _request, reply) => { void (reply as unknown as FastifyReply).code(400).send(); } });
  const policy = sitePolicyReader(root);
  const remotePages = createRemoteRenderer(root, options.renderer);
  const shellPages = createShellRenderer(root, options.renderer);
  const warned = new Set<string>();
  const shellStylesFor = shellStylesheets(root, (key, message) => {
    if (warned.has(key)) return;
    warned.add(key);
    (options.renderer?.warn ?? ((m: string) => console.warn(`[site] ${m}`)))(message);
  });
  const types = new WeakMap<FastifyRequest, string>();
  const encode = contentEncoder();
  const previewSecret = options.previewSecret ?? process.env.SITE_PREVIEW_SECRET;
  /** The site's policy, with the origins this browser's overridden modules come from (development only). */
  const policyFor = (request: FastifyRequest): SitePolicy => {
    const ctx = devOf(request);
    const site = policy();
    return dev && ctx ? { ...site, directives: dev.directives(site.directives, ctx) } : site;
  };
  const secure = (request: FastifyRequest, reply: FastifyReply, served: Served) => setSecurityHeaders(request, reply, policyFor(request), served);
  /** Whether this request's pages differ from the published ones (a browser with overrides, outside production). */
  const changedPages = (request: FastifyRequest) => {
    const ctx = devOf(request);
    return dev && ctx && dev.changesPages(ctx) ? ctx : null;
  };

  void app.register(fastifyCookie);
  void app.register(fastifyStatic, { root, serve: false, preCompressed: true, cacheControl: false, lastModified: false });

  app.addHook('onRequest', async (request, reply) => {
    secure(request, reply, { rel: '', document: true });
    const devForm = dev && request.method === 'POST' && request.url.split('?')[0] === OVERRIDES_PATH;
    if (request.method !== 'GET' && request.method !== 'HEAD' && !devForm) return reply.code(405).header('Allow', 'GET, HEAD').send();
  });
  // @fastify/static names a precompressed file's type itself; the site's own table wins.
  app.addHook('onSend', async (request, reply, payload) => {
    const type = types.get(request);
    if (type && reply.statusCode === 200) reply.header('Content-Type', type);
    return payload;
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).headers({ 'Content-Type': contentTypeOf('.txt'), 'Cache-Control': 'no-cache' }).send('Not found'));

  function sendFile(request: FastifyRequest, reply: FastifyReply, rel: string) {
    const ext = path.extname(rel);
    if (ext === '.html' && changedPages(request)) return sendBytes(request, reply, rel, readFileSync(path.join(root, rel)));
    types.set(request, contentTypeOf(ext));
    reply.header('Cache-Control', cacheControlFor(rel));
    secure(request, reply, { rel, document: ext === '.html' });
    return reply.sendFile(rel, root);
  }

  /**
   * Bytes in hand (a page made here, a file without twins): the ETag is their content's, and they go compressed for
   * the client; `once` for bytes sent again and again (compressed once, kept), not for a page made per request.
   */
  function sendBytes(request: FastifyRequest, reply: FastifyReply, rel: string, published: Buffer, { once = false, extraStyleHashes = [] as string[], status = 200, personal = false } = {}) {
    const ext = path.extname(rel);
    const ctx = ext === '.html' ? changedPages(request) : null;
    // One browser's page (its banner, its overrides): made per request, not kept.
    const body = ctx ? Buffer.from(dev!.page(published.toString('utf8'), ctx, request.url)) : published;
    if (ctx) once = false;
    // A page depends on the visitor's cookies too (a preview or a canary gets the shell's page, decision 039).
    // One person's page (a certificate reached by its code): no shared cache keeps it, no browser stores it.
    reply.headers({ 'Content-Type': contentTypeOf(ext), 'Cache-Control': personal ? PERSONAL_PAGE_CACHE : cacheControlFor(rel), Vary: ext === '.html' ? 'accept-encoding, cookie' : 'accept-encoding' });
    secure(request, reply, { rel, document: ext === '.html', extraStyleHashes });
    const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 16)}"`;
    reply.header('ETag', etag);
    if (status !== 200) reply.code(status);
    else if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const sent = encode(body, request.headers['accept-encoding'], once ? `${rel} ${etag}` : undefined);
    if (sent.encoding) reply.header('Content-Encoding', sent.encoding);
    return reply.send(sent.body);
  }

  /** A file of the deploy folder: publish's twins or the file itself as it is, else its bytes compressed here. */
  function sendDeployed(request: FastifyRequest, reply: FastifyReply, rel: string) {
    const file = path.join(root, rel);
    const size = fileSize(file) ?? Infinity;
    if (!isCompressible(path.extname(rel)) || size > READ_MAX_BYTES || hasTwins(file)) return sendFile(request, reply, rel);
    return sendBytes(request, reply, rel, readFileSync(file), { once: true });
  }

  seoRoutes(app, root, (request, reply, served) => secure(request, reply, served), encode);
  if (dev) dev.routes(app, (request) => devOf(request)!);
  app.get(`/${REGISTRY_FILE}`, (request, reply) => serveRegistry(request, reply));
  app.get('/preview', (request, reply) => openPreview(root, request, reply, previewSecret));
  app.get('/rollout-status.json', (_request, reply) => serveRolloutStatus(reply));
  app.get(`/${ROLLOUT_FILE}`, (_request, reply) => reply.callNotFound());
  app.get('/*', (request, reply) => servePath(request, reply));

  /**
   * remotes.json as this visitor's browser reads it: the live registry, or a preview's or canary's version in it;
   * outside production, this browser's overrides on top (decision 038).
   */
  function serveRegistry(request: FastifyRequest, reply: FastifyReply) {
    if (!isFile(path.join(root, REGISTRY_FILE))) return reply.callNotFound();
    const selection = visitorSelection(root, request, reply, previewSecret);
    const ctx = devOf(request);
    const registry = dev && ctx ? dev.registry(visitorRegistry(selection), ctx) : visitorRegistry(selection);
    reply.headers({ 'Content-Type': contentTypeOf('.json'), 'Cache-Control': 'private, no-cache, no-transform', Vary: 'accept-encoding, cookie' });
    secure(request, reply, { rel: REGISTRY_FILE, document: false });
    const sent = encode(Buffer.from(JSON.stringify(registry)), request.headers['accept-encoding']);
    if (sent.encoding) reply.header('Content-Encoding', sent.encoding);
    return reply.send(sent.body);
  }

  /** The canaries running and the recent automatic withdrawals, for the admin's performance view. */
  function serveRolloutStatus(reply: FastifyReply) {
    const { canaries, withdrawn } = readRollout(root);
    const running = Object.entries(canaries).map(([remote, c]) => ({ remote, version: c.version, percent: c.percent, since: c.since }));
    reply.headers({ 'Content-Type': contentTypeOf('.json'), 'Cache-Control': 'no-cache, no-transform' });
    return reply.send(JSON.stringify({ canaries: running, withdrawn }));
  }

  async function servePath(request: FastifyRequest, reply: FastifyReply) {
    let pathname: string;
    let search: string;
    try {
      const url = new URL(request.url, 'http://site');
      pathname = decodeURIComponent(url.pathname);
      search = url.search;
    } catch {
      return reply.code(400).send();
    }
    const rel = relativeFile(root, pathname);
    if (rel === null || isPrivatePath(pathname)) return reply.code(404).send();
    if (rel && isFile(path.join(root, rel))) return sendDeployed(request, reply, rel);
    if (dev?.runsShellFromSource && !path.extname(pathname)) return sendShellPage(request, reply);
    // A missing asset is a 404; any other path is a route of the single-page app: its prerendered page when it
    // has one, else the plain index.html.
    if (path.extname(pathname) || !isFile(path.join(root, INDEX_FILE))) return reply.callNotFound();
    // Pages are prerendered and rendered with the live versions: a visitor running another version of a module gets
    // the shell's page and the client renders it, so nothing is hydrated across versions.
    if (visitorSelection(root, request, reply, previewSecret).personal) return sendDeployed(request, reply, INDEX_FILE);
    const page = prerenderedPage(root, pathname);
    if (!page) return sendDeployed(request, reply, INDEX_FILE);
    const pageRel = path.relative(root, page.file).split(path.sep).join('/');
    const ctx = devOf(request);
    if (page.route.perRequest) return sendShellRendered(request, reply, pageRel, page, `${pathname}${search}`);
    // A browser that runs another build of a module renders its parts itself (the live build's markup would not match).
    const served = (id: string) => !(dev && ctx && dev.replaces(ctx, id.split('/')[0]!));
    const pageRemote = page.route.remote && served(page.route.remote) ? page.route.remote : null;
    if (page.route.remote && !pageRemote) return sendBytes(request, reply, pageRel, page.body, { once: true });
    const sections = (page.route.sections ?? []).filter(served);
    if (!pageRemote && sections.length === 0) return sendBytes(request, reply, pageRel, page.body, { once: true });
    // The remote page and the page's sections are rendered by their remotes' server builds, side by side
    // (decisions 018, 060). With the query: a filtered list (`/courses?category=…`) arrives filtered.
    const url = `${pathname}${search}`;
    const [rendered, ...sectionRenders] = await Promise.all([
      pageRemote ? remotePages.render(page.route, url) : Promise.resolve(null),
      ...sections.map((id) => remotePages.render({ remote: id, path: page.route.path }, url)),
    ]);
    const renders: SlotRender[] = [
      ...(pageRemote && rendered ? [{ id: pageRemote, rendered }] : []),
      ...sections.flatMap((id, i) => (sectionRenders[i] ? [{ id, rendered: sectionRenders[i], section: true }] : [])),
    ];
    const withPage = renders.length ? injectRemotePages(page.body.toString('utf8'), renders) : null;
    if (!withPage) return sendBytes(request, reply, pageRel, page.body, { once: true });
    // A page about something that does not exist says so in its status too (a 404 search engines drop).
    return sendBytes(request, reply, pageRel, Buffer.from(withPage.html), {
      extraStyleHashes: withPage.styleTexts.map(cspHash), status: rendered?.status ?? 200,
      personal: Boolean(rendered?.personal),
    });
  }

  /**
   * A shell page that reads its data per request (an invoice by its code, decision 059): rendered with it by the
   * live shell's server build, or, when that fails, the prerendered page, which reads it in the browser. Either way
   * the route's own data never reaches a shared cache.
   */
  async function sendShellRendered(request: FastifyRequest, reply: FastifyReply, pageRel: string, page: PrerenderedPage, url: string) {
    const personal = Boolean(page.route.personal);
    const rendered = await shellPages.render(url);
    const withPage = rendered && injectShellPage(page.body.toString('utf8'), rendered, shellStylesFor(rendered.html));
    if (!withPage) return sendBytes(request, reply, pageRel, page.body, { personal });
    return sendBytes(request, reply, pageRel, Buffer.from(withPage.html), {
      extraStyleHashes: withPage.styleTexts.map(cspHash), status: rendered.status ?? 200, personal: personal || Boolean(rendered.personal),
    });
  }

  /** The shell from source (`npm run dev`): its dev server's page for every route, rendered in the browser. */
  async function sendShellPage(request: FastifyRequest, reply: FastifyReply) {
    try {
      const html = await dev!.shellPage(devOf(request)!, request.url);
      return reply.headers({ 'Content-Type': contentTypeOf('.html'), 'Cache-Control': 'no-store' }).send(html);
    } catch (error) {
      return reply.code(502).headers({ 'Content-Type': contentTypeOf('.txt'), 'Cache-Control': 'no-store' }).send(`The shell's dev server is not answering: ${(error as Error).message}`);
    }
  }

  return app;
}
