import type { FastifyBaseLogger } from 'fastify';
import { unprocessable, unsupportedMedia } from './http-errors';
import { detectImageType, reencodeImage, TooManyPixelsError, type EncodedImage } from './images';

export const IMAGE_TEXT = {
  notImage: 'Only PNG, JPEG, GIF and WebP images are accepted.',
  undecodable: 'The file could not be read as an image.',
} as const;

/**
 * Bytes from an admin (an upload, or an image fetched from a URL they typed) made into the copy we store: the type
 * judged by content (415), the pixel count checked from the header (422), then decoded and re-encoded (422 when
 * it does not decode).
 */
export async function acceptImage(bytes: Buffer, log: FastifyBaseLogger): Promise<EncodedImage> {
  if (!detectImageType(bytes)) throw unsupportedMedia(IMAGE_TEXT.notImage);
  try {
    return await reencodeImage(bytes);
  } catch (error) {
    if (error instanceof TooManyPixelsError) throw unprocessable(error.message);
    log.info({ err: error }, 'image rejected: not decodable');
    throw unprocessable(IMAGE_TEXT.undecodable);
  }
}
