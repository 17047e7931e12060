import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import { acceptImage } from '../../lib/accept-image';
import { unprocessable } from '../../lib/http-errors';
import { toStoredPath } from '../../lib/media-url';
import { fetchRemoteImage, RemoteImageError } from '../../lib/remote-image';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The value to store for an image URL an admin typed: our own media as a path, an image host's URL as it is,
     * and any other URL's image fetched once, re-encoded and stored as ours (a 422 saying why when it cannot be).
     */
    storedImageUrl(value: string, log: FastifyBaseLogger): Promise<string>;
  }
}

const CLOUDINARY_DELIVERY = /^\/[\w-]+\/image\/upload\//;

export default fp<{ config: AppConfig }>(async (app, { config }) => {
  const { imageHosts, allowPrivate, timeoutMs } = config.imageImport;
  const isImageHost = (url: URL) => imageHosts.includes(url.origin) && CLOUDINARY_DELIVERY.test(url.pathname);

  app.decorate('storedImageUrl', async (value: string, log: FastifyBaseLogger) => {
    const stored = toStoredPath(config.publicUrl, value);
    if (stored.startsWith('/media/')) return stored;
    const url = new URL(stored);
    if (isImageHost(url)) return stored;
    let bytes: Buffer;
    try {
      bytes = await fetchRemoteImage(stored, { maxBytes: config.uploadLimitBytes, timeoutMs, allowPrivate });
    } catch (error) {
      if (!(error instanceof RemoteImageError)) throw error;
      log.info({ err: error, url: url.origin }, 'image URL refused');
      throw unprocessable(error.message);
    }
    const encoded = await acceptImage(bytes, log);
    const key = await app.storage.put(encoded.data, 'webp');
    return app.storage.url(key);
  });
}, { name: 'image-import', dependencies: ['storage'] });
