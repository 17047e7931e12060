import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Public, cacheable GET: ETag + short shared caching, 304 on a matching If-None-Match. */
    cacheable?: boolean;
  }
}

// Browsers revalidate every time (a 304 costs almost nothing), so an admin's edit shows at once;
// shared caches (a CDN) may keep a copy for a minute.
const PUBLIC_CACHE = 'public, max-age=0, must-revalidate, s-maxage=60';

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/**
 * Public lists are small and read often: a strong ETag over the serialized body lets browsers and CDNs
 * revalidate cheaply (304 without a body). Everything else (private data, errors, writes) is marked no-store.
 */
export default fp(async (app) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('cache-control')) return payload;
    const cacheable = request.routeOptions.config.cacheable === true && reply.statusCode === 200;
    if (!cacheable || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      void reply.header('cache-control', 'no-store');
      return payload;
    }
    const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
    void reply.header('etag', etag).header('cache-control', PUBLIC_CACHE);
    if (matches(request.headers['if-none-match'], etag)) {
      void reply.code(304);
      return '';
    }
    return payload;
  });
}, { name: 'http-cache' });
