import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import { DiskCache } from '@institute/shared/node';
import type { AppConfig } from '../../config';

declare module 'fastify' {
  interface FastifyInstance {
    /** The delivered sizes of stored images; an image's variants go when the image is deleted. */
    mediaVariants: DiskCache;
  }
}

/** The cache key of one variant: the folder and file it derives from, then width and format. */
export const variantPrefix = (folder: string, file: string) => `${folder}-${file}-`;

/** Where stored images and their delivered sizes live; routes/media serves them. */
export default fp<{ config: AppConfig }>(async (app, { config }) => {
  fs.mkdirSync(config.uploadsDir, { recursive: true });
  const variants = new DiskCache(path.join(config.dataDir, 'variants'));
  app.decorate('mediaVariants', variants);
}, { name: 'media' });
