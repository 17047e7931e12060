import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';
import { cloudinaryStorage } from '../../lib/cloudinary-storage';
import { localFileStorage, type FileStorage } from '../../lib/file-storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

/** UPLOAD_STORE picks the folder under DATA_DIR (one machine) or Cloudinary (any number of instances). */
export default fp<{ config: AppConfig }>(async (app, { config }) => {
  const store = config.uploadStore;
  app.decorate('storage', store.kind === 'cloudinary' ? cloudinaryStorage(store) : localFileStorage(config.uploadsDir));
}, { name: 'storage' });
