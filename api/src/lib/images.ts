import sharp from 'sharp';

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

export const MAX_IMAGE_WIDTH = 1600;

/**
 * Decodes and re-encodes to WebP: drops metadata (EXIF, GPS), caps the width, and turns any
 * polyglot (an image that is also HTML or script) into plain pixels. Throws on undecodable input.
 */
export async function reencodeImage(input: Buffer): Promise<EncodedImage> {
  const { data, info } = await sharp(input, { limitInputPixels: 50_000_000, failOn: 'error' })
    .rotate()
    .resize({ width: MAX_IMAGE_WIDTH, withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
