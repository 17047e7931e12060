import sharp, { type FormatEnum } from 'sharp';

/** Formats the sandbox accepts and serves, by Cloudinary's format name. */
export const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};

export interface ImageInfo {
  format: string;
  width: number;
  height: number;
}

/** Decodes the header with sharp: the file's bytes decide, never its name or declared type. */
export async function inspectImage(data: Buffer): Promise<ImageInfo | null> {
  try {
    const meta = await sharp(data, { failOn: 'error' }).metadata();
    const format = meta.format === 'jpeg' ? 'jpg' : meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : meta.format;
    if (!format || !CONTENT_TYPES[format] || !meta.width || !meta.height) return null;
    return { format, width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}

/** Delivery URLs may ask for another extension (Cloudinary converts on the fly); sharp does the same here. */
export async function convertImage(data: Buffer, format: string): Promise<Buffer> {
  return sharp(data, { animated: format === 'gif' || format === 'webp' })
    .toFormat((format === 'jpg' ? 'jpeg' : format) as keyof FormatEnum)
    .toBuffer();
}

/** data:image/png;base64,... as Cloudinary accepts it in the `file` field. */
export function decodeDataUri(value: string): Buffer | null {
  const match = /^data:[\w.+-]+\/[\w.+-]+;base64,([A-Za-z0-9+/=\s]+)$/.exec(value);
  return match ? Buffer.from(match[1]!, 'base64') : null;
}
