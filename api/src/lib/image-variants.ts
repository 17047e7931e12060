import { createHash } from 'node:crypto';
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

/** How each format is encoded: AVIF keeps a photo's look at far lower settings than JPEG. */
export const ENCODER_SETTINGS = {
  avif: { quality: 45, effort: 2 },
  webp: { quality: 75 },
  jpeg: { quality: 78, mozjpeg: true },
} as const;

/**
 * What produced a variant's bytes: the encoder's settings and the versions of sharp and the libraries under it
 * (libvips, libaom, mozjpeg, ...), as a short hash. It is part of every variant's cache key, so new settings or an
 * upgraded sharp render new variants instead of serving those the old encoder made.
 */
export function encoderTag(settings: object = ENCODER_SETTINGS, versions: object = sharp.versions): string {
  return createHash('sha256').update(JSON.stringify([settings, versions])).digest('hex').slice(0, 12);
}

export const ENCODER_TAG = encoderTag();

/**
 * One delivered size of a stored image: at most `width` px wide (never enlarged), re-encoded at a quality that
 * keeps a photo's look, metadata dropped.
 */
export async function renderVariant(input: Buffer, width: ImageWidth, format: VariantFormat): Promise<Buffer> {
  const image = sharp(input, { failOn: 'error' }).rotate().resize({ width, withoutEnlargement: true });
  if (format === 'avif') return image.avif(ENCODER_SETTINGS.avif).toBuffer();
  if (format === 'webp') return image.webp(ENCODER_SETTINGS.webp).toBuffer();
  return image.jpeg(ENCODER_SETTINGS.jpeg).toBuffer();
}
