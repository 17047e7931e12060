import sharp from 'sharp';
import type { ImageWidth } from '@institute/shared/rules';

export type VariantFormat = 'avif' | 'webp' | 'jpeg';

export const VARIANT_TYPES: Record<VariantFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };

/** The best format the browser says it takes: AVIF, then WebP; JPEG for one that names neither. */
export function variantFormat(accept: string | undefined): VariantFormat {
  const header = (accept ?? '').toLowerCase();
  if (header.includes('image/avif')) return 'avif';
  if (header.includes('image/webp')) return 'webp';
  return 'jpeg';
}

/**
 * One delivered size of a stored image: at most `width` px wide (never enlarged), re-encoded at a quality that
 * keeps a photo's look (AVIF needs far lower settings than JPEG for the same look), metadata dropped.
 */
export async function renderVariant(input: Buffer, width: ImageWidth, format: VariantFormat): Promise<Buffer> {
  const image = sharp(input, { failOn: 'error' }).rotate().resize({ width, withoutEnlargement: true });
  if (format === 'avif') return image.avif({ quality: 45, effort: 2 }).toBuffer();
  if (format === 'webp') return image.webp({ quality: 75 }).toBuffer();
  return image.jpeg({ quality: 78, mozjpeg: true }).toBuffer();
}
