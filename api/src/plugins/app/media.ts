import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import { DiskCache } from '@institute/shared/node';
import type { AppConfig } from '../../config';
import { ENCODER_TAG } from '../../lib/image-variants';

declare module 'fastify' {
  interface FastifyInstance {
    /** The delivered sizes of stored images; an image's variants go when the image is deleted. */
    mediaVariants: DiskCache;
  }
}

/** The cache key of one variant: the folder and file it derives from, then width and format. */
export const variantPrefix = (folder: string, file: string) => `${folder}-${file}-`;

/** The whole key: what the variant derives from, its width, the encoder that made it (ENCODER_TAG), its format. */
export const variantKey = (folder: string, file: string, width: number, format: string, tag = ENCODER_TAG) =>
  `${variantPrefix(folder, file)}${width}.${tag}.${format}`;

/**
 * Variants another encoder made (other settings, another sharp, or keys from before the tag) are never asked for
 * again: removed once at start-up rather than left taking disk. A file being written (`.tmp`) is left alone.
 */
export function removeStaleVariants(variants: DiskCache, tag = ENCODER_TAG): Promise<void> {
  return variants.removeWhere((name) => !name.endsWith('.tmp') && !name.includes(`.${tag}.`));
}

/** Where stored images and their delivered sizes live; routes/media serves them. */
export default fp<{ config: AppConfig }>(async (app, { config }) => {
  fs.mkdirSync(config.uploadsDir, { recursive: true });
  const variants = new DiskCache(path.join(config.dataDir, 'variants'));
  app.decorate('mediaVariants', variants);
  // In the background: the site serves meanwhile, and a stale file is only ever taking space.
  app.addHook('onReady', async () => {
    void removeStaleVariants(variants).catch((error: unknown) => app.log.warn({ err: error }, 'stale image variants could not be removed'));
  });
}, { name: 'media' });
