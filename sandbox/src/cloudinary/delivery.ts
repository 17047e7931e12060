import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { UploadRecord } from '../state';
import type { Transformation } from './transformations';

export type OutputFormat = 'avif' | 'webp' | 'jpg' | 'png';

/** f_auto as Cloudinary does it: the best format the browser says it accepts, else the upload's own kind. */
export function negotiateFormat(accept: string | undefined, upload: UploadRecord): OutputFormat {
  const header = (accept ?? '').toLowerCase();
  if (header.includes('image/avif')) return 'avif';
  if (header.includes('image/webp')) return 'webp';
  return upload.format === 'png' || upload.format === 'gif' ? 'png' : 'jpg';
}

// q_auto's levels per format: AVIF keeps a photo's look at far lower settings than JPEG.
const QUALITY: Record<OutputFormat, Record<string, number>> = {
  avif: { 'auto:best': 60, 'auto:good': 45, auto: 45, 'auto:eco': 40, 'auto:low': 34 },
  webp: { 'auto:best': 85, 'auto:good': 75, auto: 75, 'auto:eco': 65, 'auto:low': 55 },
  jpg: { 'auto:best': 88, 'auto:good': 78, auto: 78, 'auto:eco': 68, 'auto:low': 58 },
  png: {},
};

// How the other formats are encoded, beside QUALITY.
const AVIF_EFFORT = 2;
const PNG_COMPRESSION = 9;

/**
 * What produces a variant's bytes: the encoder's settings and the versions of sharp and the libraries under it, as
 * a short hash in every variant's key, so new settings or an upgraded sharp render anew rather than reuse old files.
 */
export function encoderTag(settings: object = [QUALITY, AVIF_EFFORT, PNG_COMPRESSION], versions: object = sharp.versions): string {
  return createHash('sha256').update(JSON.stringify([settings, versions])).digest('hex').slice(0, 12);
}

const ENCODER_TAG = encoderTag();

/** Renders one derived image with sharp: auto-rotated, resized as asked, re-encoded, metadata dropped. */
export async function renderVariant(upload: UploadRecord, transformation: Transformation, format: OutputFormat): Promise<Buffer> {
  let image = sharp(upload.data, { failOn: 'error' }).rotate();
  if (transformation.width) {
    const enlarge = transformation.crop === 'scale' || transformation.crop === 'fill';
    image = image.resize({ width: transformation.width, withoutEnlargement: !enlarge });
  }
  const level = transformation.quality ?? 'auto';
  const quality = typeof level === 'number' ? level : QUALITY[format][level];
  if (format === 'avif') return image.avif({ quality, effort: AVIF_EFFORT }).toBuffer();
  if (format === 'webp') return image.webp({ quality }).toBuffer();
  if (format === 'png') return image.png({ compressionLevel: PNG_COMPRESSION }).toBuffer();
  return image.jpeg({ quality, mozjpeg: true }).toBuffer();
}

/**
 * The variant's file name in the cache: one per upload version, width, crop, quality, format and encoder. Files an
 * earlier encoder made are never asked for again; they stay until the cache folder goes (a temporary one by default).
 */
export function variantKey(upload: UploadRecord, transformation: Transformation, format: OutputFormat, tag = ENCODER_TAG): string {
  const identity = JSON.stringify([upload.public_id, upload.version, transformation.width, transformation.crop, transformation.quality, format, tag]);
  return `${createHash('sha256').update(identity).digest('hex')}.${format}`;
}
