import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';
import { openContentChangeFeed, type ContentChangeFeed } from '../../lib/content-change-feed';
import { PublicCache, type ContentKind } from '../../lib/public-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** Serialized public lists and items; the repositories invalidate it on every content write. */
    publicCache: PublicCache;
    /** Called after every content write: drops this instance's cached kind and tells the other instances. */
    contentChanged(kind: ContentKind): void;
  }
}

export interface PublicCacheOptions {
  config: AppConfig;
  /** Clock for the TTL; tests inject one. */
  now?: () => number;
}

/**
 * Registered before the repositories, which tell it about every write (decision 010). On a PostgreSQL server the
 * write is also published to every instance through LISTEN/NOTIFY (decision 019); PGlite allows one process only,
 * so invalidating here is enough.
 */
export default fp<PublicCacheOptions>(async (app, { config, now }) => {
  const cache = new PublicCache({ ttlMs: config.publicCacheTtlMs, ...(now ? { now } : {}) });
  app.decorate('publicCache', cache);

  let feed: ContentChangeFeed | null = null;
  if (app.db.kind === 'postgres' && config.database.url) {
    feed = await openContentChangeFeed({
      url: config.database.url,
      schema: config.database.schema,
      onChange: (kind) => cache.invalidate(kind),
      log: app.log.child({ module: 'content-change-feed' }),
    });
    app.addHook('onClose', () => feed!.close());
  }

  app.decorate('contentChanged', (kind: ContentKind) => {
    cache.invalidate(kind);
    // Not awaited: the write has committed and this instance is fresh; the others hear it a round trip later.
    feed?.publish(app.db, kind).catch((error: unknown) => {
      app.log.warn({ err: error, kind }, 'could not tell other instances about a content change; their TTL applies');
    });
  });
}, { name: 'public-cache', dependencies: ['db'] });
