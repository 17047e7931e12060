import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { encoderTag, variantKey } from '../src/cloudinary/delivery';
import type { UploadRecord } from '../src/state';
import { testPhoto } from '../src/testing/test-photo';
import { sandbox } from './support/helpers';

// Delivery transformations are performed for real (sharp), so what the site saves by asking for them is measurable.

jest.setTimeout(60_000);

let app: FastifyInstance;
let cacheDir: string;
let photo: Buffer;
let photoPath: string;

const AVIF = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';
const WEBP = 'image/webp,image/*,*/*;q=0.8';

beforeAll(async () => {
  photo = await testPhoto({ width: 3000, height: 2000 });
});

beforeEach(async () => {
  cacheDir = await fs.mkdtemp(path.join(os.tmpdir(), 'delivery-test-'));
  app = await sandbox({ variantCacheDir: cacheDir, maxUploadBytes: 20 * 1024 * 1024 });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)]), 'campus.jpg');
  form.append('upload_preset', 'institute_unsigned');
  const response = await app.inject({ method: 'POST', url: '/v1_1/sandbox/image/upload', payload: form });
  expect(response.statusCode).toBe(200);
  photoPath = new URL(response.json<{ secure_url: string }>().secure_url).pathname;
});

afterEach(async () => {
  await app.close();
  await fs.rm(cacheDir, { recursive: true, force: true });
});

const deliver = (transformation: string, accept = AVIF) => {
  const [, cloud, rest] = /^\/(\w+)\/image\/upload\/(.+)$/.exec(photoPath)!;
  return app.inject({ method: 'GET', url: `/${cloud}/image/upload/${transformation}/${rest}`, headers: { accept } });
};

describe('Cloudinary delivery transformations', () => {
  it('f_auto,q_auto,c_limit,w_640 gives a real 640 px AVIF, a small fraction of the upload, cached for a year and varying by Accept', async () => {
    expect(photo.length).toBeGreaterThan(1_500_000);
    const response = await deliver('f_auto,q_auto,c_limit,w_640');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/avif');
    expect(response.headers.vary).toBe('Accept');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([640, 427]);
    expect(response.rawPayload.length).toBeLessThan(photo.length / 20);
  });

  it('picks WebP for a browser without AVIF and JPEG for one that names neither', async () => {
    const webp = await deliver('f_auto,q_auto,w_480', WEBP);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect((await sharp(webp.rawPayload).metadata()).format).toBe('webp');
    const jpeg = await deliver('f_auto,q_auto,w_480', '*/*');
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(jpeg.rawPayload).metadata()).width).toBe(480);
  });

  it('c_limit never enlarges; each width is smaller than the next', async () => {
    const sizes = [];
    for (const width of [320, 800, 1600]) sizes.push((await deliver(`f_auto,q_auto,c_limit,w_${width}`)).rawPayload.length);
    expect(sizes[0]).toBeLessThan(sizes[1]!);
    expect(sizes[1]).toBeLessThan(sizes[2]!);
    const small = await testPhoto({ width: 300, height: 200, grain: 8 });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(small)]), 'small.jpg');
    form.append('upload_preset', 'institute_unsigned');
    form.append('public_id', 'small');
    await app.inject({ method: 'POST', url: '/v1_1/sandbox/image/upload', payload: form });
    const limited = await app.inject({ method: 'GET', url: '/sandbox/image/upload/c_limit,w_1280/small.jpg' });
    expect((await sharp(limited.rawPayload).metadata()).width).toBe(300);
  });

  it('keeps each variant on disk: the second request is a cache hit with the same bytes', async () => {
    const first = await deliver('f_auto,q_auto,c_limit,w_800');
    expect(first.headers['x-cache']).toBe('MISS');
    expect(await fs.readdir(cacheDir)).toHaveLength(1);
    const second = await deliver('f_auto,q_auto,c_limit,w_800');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    // Another negotiated format is another variant.
    expect((await deliver('f_auto,q_auto,c_limit,w_800', WEBP)).headers['x-cache']).toBe('MISS');
    expect(await fs.readdir(cacheDir)).toHaveLength(2);
  });

  it('keys each variant by the encoder that made it: other settings or another sharp is another file', () => {
    const upload = { public_id: 'campus', version: 1 } as UploadRecord;
    const asked = { width: 640, crop: 'limit', quality: 'auto' } as const;
    const otherSettings = encoderTag([{ avif: { auto: 50 } }, 2, 9]);
    const otherSharp = encoderTag(undefined, { ...sharp.versions, vips: '0.0.1' });
    expect(new Set([encoderTag(), otherSettings, otherSharp]).size).toBe(3);
    expect(variantKey(upload, asked, 'avif')).toBe(variantKey(upload, asked, 'avif', encoderTag()));
    expect(variantKey(upload, asked, 'avif', otherSettings)).not.toBe(variantKey(upload, asked, 'avif'));
    expect(variantKey(upload, asked, 'avif', otherSharp)).not.toBe(variantKey(upload, asked, 'avif'));
  });

  it.each([
    ['a width outside the allowed list', 'w_641', 'Transformation w_641 is not allowed'],
    ['an absurd width', 'f_auto,w_100000', 'Transformation w_100000 is not allowed'],
    ['an unknown parameter', 'e_blur:300', 'Invalid transformation parameter e_blur:300'],
    ['a bad quality', 'q_0', 'Invalid transformation parameter q_0'],
  ])('refuses %s with 400 and x-cld-error, storing nothing', async (_label, transformation, message) => {
    const response = await deliver(transformation);
    expect(response.statusCode).toBe(400);
    expect(response.headers['x-cld-error']).toBe(message);
    expect(await fs.readdir(cacheDir)).toHaveLength(0);
  });

  it('still serves the upload untouched when no transformation is asked for', async () => {
    const response = await app.inject({ method: 'GET', url: photoPath });
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.rawPayload.equals(photo)).toBe(true);
  });
});
