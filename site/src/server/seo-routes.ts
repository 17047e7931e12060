import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readSiteConfig } from '../deploy-folder';
import { robotsTxt, sitemapXml } from '../seo-files';
import type { contentEncoder } from './encoding';
import { contentTypeOf } from './files';
import type { Served } from './security-headers';

type Secure = (request: FastifyRequest, reply: FastifyReply, served: Served) => void;

/** robots.txt and sitemap.xml, made on request from config.json (and the API, for the sitemap's content). */
export function seoRoutes(app: FastifyInstance, root: string, secure: Secure, encode: ReturnType<typeof contentEncoder>): void {
  const files = [
    { url: '/robots.txt', type: contentTypeOf('.txt'), make: async () => robotsTxt(config()) },
    { url: '/sitemap.xml', type: contentTypeOf('.xml'), make: () => sitemapXml(root, config()) },
  ];
  function config() {
    const found = readSiteConfig(root);
    // No config published yet: nothing to describe.
    if (!found) throw new Error('no config.json');
    return found;
  }
  for (const { url, type, make } of files) {
    app.get(url, async (request, reply) => {
      let text: string;
      try {
        text = await make();
      } catch (error) {
        console.warn(`[site] ${url}: ${(error as Error)?.message ?? error}`);
        return reply.code(503).headers({ 'Content-Type': contentTypeOf('.txt'), 'Cache-Control': 'no-cache', 'Retry-After': '60' }).send('Try again later');
      }
      secure(request, reply, { rel: url.slice(1), document: false });
      const sent = encode(Buffer.from(text), request.headers['accept-encoding']);
      reply.headers({ 'Content-Type': type, 'Cache-Control': 'no-cache', Vary: 'accept-encoding' });
      if (sent.encoding) reply.header('Content-Encoding', sent.encoding);
      return reply.send(sent.body);
    });
  }
}
