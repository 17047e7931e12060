import sharp from 'sharp';
import { IMAGE_WIDTHS } from '@institute/shared/rules';

export type ImageType = 'png' | 'jpeg' | 'gif' | 'webp';

/** Decides by the first bytes only; the declared MIME type and file name are never trusted. */
export function detectImageType(data: Buffer): ImageType | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 6 && ['GIF87a', 'GIF89a'].includes(data.subarray(0, 6).toString('latin1'))) return 'gif';
  if (data.length >= 12 && data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'webp';
  }
  return null;
}

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

/** The widest delivered variant (IMAGE_WIDTHS): the stored copy is never wider, so nothing is kept that no one sees. */
export const MAX_IMAGE_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;

/** A 50 MP camera's photo is accepted; more pixels than that is a scan or a decompression bomb, not a site image. */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** The image decodes but has more pixels than MAX_IMAGE_PIXELS. */
export class TooManyPixelsError extends Error {
  override name = 'TooManyPixelsError';
  constructor(readonly megapixels: number) {
    super(`The image has ${megapixels} megapixels; the limit is ${MAX_IMAGE_PIXELS / 1_000_000}.`);
  }
}

/**
 * Decodes and re-encodes to WebP: drops metadata (EXIF, GPS), caps the width, and turns any polyglot (an image
 * that is also HTML or script) into plain pixels. The pixel count is read from the header before anything is
 * decoded. Throws TooManyPixelsError above the limit, and any other error on undecodable input.
 */
export async function reencodeImage(input: Buffer): Promise<EncodedImage> {
  const { width = 0, height = 0 } = await sharp(input, { failOn: 'error' }).metadata();
  if (width * height > MAX_IMAGE_PIXELS) throw new TooManyPixelsError(Math.round((width * height) / 1_000_000));
  const { data, info } = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: MAX_IMAGE_WIDTH, withoutEnlargement: true })
    .webp({ quality: 85 })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
