import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';
import { PublicCache } from '../../lib/public-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** Serialized public lists and items; the repositories invalidate it on every content write. */
    publicCache: PublicCache;
  }
}

export interface PublicCacheOptions {
  config: AppConfig;
  /** Clock for the TTL; tests inject one. */
  now?: () => number;
}

/** Registered before the repositories, which tell it about every write (decision 010). */
export default fp<PublicCacheOptions>(async (app, { config, now }) => {
  app.decorate('publicCache', new PublicCache({ ttlMs: config.publicCacheTtlMs, ...(now ? { now } : {}) }));
}, { name: 'public-cache' });
