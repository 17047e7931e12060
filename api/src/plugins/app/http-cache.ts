import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { strongEtag, type ContentKind } from '../../lib/public-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Public, cacheable GET: ETag + short shared caching, 304 on a matching If-None-Match. */
    cacheable?: boolean;
  }
  interface FastifyReply {
    /**
     * Sends a public body from the in-process cache (decision 010): `load` runs only on a miss, its result
     * goes through the route's response schema once, and the ETag is computed once per body.
     */
    sendPublic(kind: ContentKind, key: string, load: () => Promise<unknown>): Promise<FastifyReply>;
  }
}

// Browsers revalidate every time (a 304 costs almost nothing), so an admin's edit shows at once;
// shared caches (a CDN) may keep a copy for a minute.
const PUBLIC_CACHE = 'public, max-age=0, must-revalidate, s-maxage=60';
const JSON_TYPE = 'application/json; charset=utf-8';

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
  app.decorateReply('sendPublic', async function sendPublic(this: FastifyReply, kind: ContentKind, key: string, load: () => Promise<unknown>) {
    const { body, etag } = await app.publicCache.get(kind, key, async () => this.serialize(await load()) as string);
    void this.header('content-type', JSON_TYPE).header('etag', etag).header('cache-control', PUBLIC_CACHE);
    if (matches(this.request.headers['if-none-match'], etag)) return this.code(304).send('');
    return this.send(body);
  });

  // Cacheable routes that do not use sendPublic still get an ETag, hashed per response.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('cache-control')) return payload;
    const cacheable = request.routeOptions.config.cacheable === true && reply.statusCode === 200;
    if (!cacheable || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      void reply.header('cache-control', 'no-store');
      return payload;
    }
    const etag = strongEtag(payload);
    void reply.header('etag', etag).header('cache-control', PUBLIC_CACHE);
    if (matches(request.headers['if-none-match'], etag)) {
      void reply.code(304);
      return '';
    }
    return payload;
  });
}, { name: 'http-cache', dependencies: ['public-cache'] });
