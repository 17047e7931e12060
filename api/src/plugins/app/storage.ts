import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';
import { localFileStorage, type FileStorage } from '../../lib/file-storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

export default fp<{ config: AppConfig }>(async (app, { config }) => {
  app.decorate('storage', localFileStorage(config.uploadsDir));
}, { name: 'storage' });
