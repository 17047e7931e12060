import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

export interface TestPhotoOptions {
  width?: number;
  height?: number;
  format?: 'jpeg' | 'png';
  /** Standard deviation of the grain; camera sensors at indoor light give about 15-30. */
  grain?: number;
  quality?: number;
}

/**
 * A generated camera-like photograph: smooth random colour gradients under per-pixel grain, so encoders spend
 * bytes on it as on a real photo (a 4000×3000 JPEG is several MB; a flat test tile would be a few KB and hide
 * what resizing saves). Native sharp work only, so a 24 MP photo takes about a second.
 */
export async function testPhoto(options: TestPhotoOptions = {}): Promise<Buffer> {
  const { width = 4000, height = 3000, format = 'jpeg', grain = 14, quality = 90 } = options;
  // A few random colours, enlarged: the smooth light of a scene; then texture at two scales (the detail a
  // downscaled photo keeps), then fine grain (what a sensor adds).
  const scene = await enlarged(8, 6, width, height);
  const texture = await enlarged(Math.ceil(width / 24), Math.ceil(height / 24), width, height);
  const detail = await enlarged(Math.ceil(width / 6), Math.ceil(height / 6), width, height, 0.5);
  const noise = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: grain } } })
    .raw()
    .toBuffer();
  const raw = { width, height, channels: 3 as const };
  const image = sharp(scene, { raw }).composite([
    { input: texture, raw, blend: 'soft-light' },
    { input: detail, raw, blend: 'soft-light' },
    { input: noise, raw, blend: 'overlay' },
  ]);
  return format === 'png' ? image.png({ compressionLevel: 6 }).toBuffer() : image.jpeg({ quality }).toBuffer();
}

/**
 * Random colours on a small grid, enlarged smoothly to the photo's size. `contrast` below 1 pulls them towards
 * grey: fine detail in a photo has less contrast than its large shapes.
 */
async function enlarged(columns: number, rows: number, width: number, height: number, contrast = 1) {
  const colours = randomBytes(columns * rows * 3);
  for (let i = 0; i < colours.length; i += 1) colours[i] = Math.round(128 + (colours[i]! - 128) * contrast);
  return sharp(colours, { raw: { width: columns, height: rows, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
}
