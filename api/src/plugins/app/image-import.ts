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
    /**
     * Saves a record with the stored value of its typed image URL. When the save stores nothing (`null`: the record
     * is missing) or fails, an image fetched for it is removed again, so no stored file is left that nothing shows.
     */
    withStoredImage<T>(value: string, log: FastifyBaseLogger, save: (imgUrl: string) => Promise<T | null>): Promise<T | null>;
  }
}

const CLOUDINARY_DELIVERY = /^\/[\w-]+\/image\/upload\//;

export default fp<{ config: AppConfig }>(async (app, { config }) => {
  const { imageHosts, allowPrivate, timeoutMs } = config.imageImport;
  const isImageHost = (url: URL) => imageHosts.includes(url.origin) && CLOUDINARY_DELIVERY.test(url.pathname);

  /** The value to store, and the storage key of a file fetched for it here (null when nothing was fetched). */
  const importImage = async (value: string, log: FastifyBaseLogger): Promise<{ url: string; imported: string | null }> => {
    const stored = toStoredPath(config.publicUrl, value);
    if (stored.startsWith('/media/')) return { url: stored, imported: null };
    const url = new URL(stored);
    if (isImageHost(url)) return { url: stored, imported: null };
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
    return { url: app.storage.url(key), imported: key };
  };

  app.decorate('storedImageUrl', async (value: string, log: FastifyBaseLogger) => (await importImage(value, log)).url);

  app.decorate('withStoredImage', async <T>(value: string, log: FastifyBaseLogger, save: (imgUrl: string) => Promise<T | null>) => {
    const { url, imported } = await importImage(value, log);
    const forget = async () => {
      if (!imported) return;
      await app.storage.delete(imported).catch((error: unknown) => log.warn({ err: error, key: imported }, 'imported image not removed'));
    };
    let saved: T | null;
    try {
      saved = await save(url);
    } catch (error) {
      await forget();
      throw error;
    }
    if (saved === null) await forget();
    return saved;
  });
}, { name: 'image-import', dependencies: ['storage'] });
