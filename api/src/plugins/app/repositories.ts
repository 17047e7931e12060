import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';
import { toPublicUrl } from '../../lib/media-url';
import { createRepositories, type Repositories } from '../../repositories';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    repos: Repositories;
    /** Stored media path -> absolute URL on PUBLIC_URL (other URLs pass through). */
    mediaUrl(stored: string): string;
  }
}

/** Repositories own the SQL; routes only see these typed calls. */
export default fp<{ config: AppConfig }>(async (app, { config }) => {
  app.decorate('config', config);
  app.decorate('repos', createRepositories(app.db, (kind) => app.contentChanged(kind)));
  app.decorate('mediaUrl', (stored: string) => toPublicUrl(config.publicUrl, stored));
}, { name: 'repositories', dependencies: ['db', 'public-cache'] });
