import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { INDEX_FILE } from '../deploy-folder';
import { cspHash } from '../html';
import { prerenderedPage } from '../pages/prerendered-pages';
import { injectRemotePage } from '../ssr/inject';
import { createRemoteRenderer, type RendererOptions } from '../ssr/remote-renderer';
import { cacheControlFor, contentTypeOf, isPrivatePath } from './files';
import { sitePolicyReader } from './policy';
import { setSecurityHeaders, type Served } from './security-headers';
import { seoRoutes } from './seo-routes';

export interface SiteServerOptions { renderer?: RendererOptions }

/** The file a request path names inside the deploy folder, relative to it, or null when it would leave it. */
function relativeFile(root: string, pathname: string): string | null {
  const rel = path.relative(root, path.join(root, path.normalize(pathname)));
  return rel.startsWith('..') || path.isAbsolute(rel) ? null : rel.split(path.sep).join('/');
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The site server (the local stand-in for the CDN, and the document server behind nginx): serves the deploy folder
 * with production cache rules, the precompressed twins publish writes (gzip or brotli on the fly for the rest), a
 * route's prerendered page (with its remote's page rendered in it, decision 018) and the shell's index.html for every
 * other route (client-side routing). Not listening yet: `await app.listen({ port, host })`.
 */
export function createSiteServer(root: string, options: SiteServerOptions = {}): FastifyInstance {
  // A URL the router cannot decode is a bad request, as it was before Fastify (no JSON body for a page request).
  const app = Fastify({ logger: false, routerOptions: { maxParamLength: 4096 }, frameworkErrors: (_error, _request, reply) => { void (reply as unknown as FastifyReply).code(400).send(); } });
  const policy = sitePolicyReader(root);
  const remotePages = createRemoteRenderer(root, options.renderer);
  const types = new WeakMap<FastifyRequest, string>();
  const secure = (request: FastifyRequest, reply: FastifyReply, served: Served) => setSecurityHeaders(request, reply, policy(), served);

  void app.register(fastifyCompress, { encodings: ['br', 'gzip'] });
  void app.register(fastifyStatic, { root, serve: false, preCompressed: true, cacheControl: false, lastModified: false });

  app.addHook('onRequest', async (request, reply) => {
    secure(request, reply, { rel: '', document: true });
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(405).header('Allow', 'GET, HEAD').send();
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
    types.set(request, contentTypeOf(ext));
    reply.header('Cache-Control', cacheControlFor(rel));
    secure(request, reply, { rel, document: ext === '.html' });
    return reply.sendFile(rel, root);
  }

  /** A page made here (a prerendered page with its parameters, a server-rendered one): its ETag is its content's. */
  function sendPage(request: FastifyRequest, reply: FastifyReply, rel: string, body: Buffer, extraStyleHashes: string[] = []) {
    reply.headers({ 'Content-Type': contentTypeOf('.html'), 'Cache-Control': cacheControlFor(rel), Vary: 'accept-encoding' });
    secure(request, reply, { rel, document: true, extraStyleHashes });
    const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 16)}"`;
    reply.header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(body);
  }

  // Routes are added once the plugins above have loaded, so that their hooks (compression) apply to them.
  void app.register(async (routes) => {
    seoRoutes(routes, root, secure);
    routes.get('/*', (request, reply) => servePath(request, reply));
  });

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
    if (rel && isFile(path.join(root, rel))) return sendFile(request, reply, rel);
    // A missing asset is a 404; any other path is a route of the single-page app: its prerendered page when it
    // has one, else the plain index.html.
    if (path.extname(pathname) || !isFile(path.join(root, INDEX_FILE))) return reply.callNotFound();
    const page = prerenderedPage(root, pathname);
    if (!page) return sendFile(request, reply, INDEX_FILE);
    const pageRel = path.relative(root, page.file).split(path.sep).join('/');
    if (!page.route.remote) return sendPage(request, reply, pageRel, page.body);
    // A remote page: its content rendered by the remote's server build, when it has one (decision 018).
    // With the query: a filtered list (`/courses?category=…`) arrives filtered.
    const rendered = await remotePages.render(page.route, `${pathname}${search}`);
    const withPage = rendered && injectRemotePage(page.body.toString('utf8'), page.route.remote, rendered);
    if (!withPage) return sendPage(request, reply, pageRel, page.body);
    return sendPage(request, reply, pageRel, Buffer.from(withPage.html), withPage.styleTexts.map(cspHash));
  }

  return app;
}
