import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { testPhoto } from '@institute/sandbox/testing';
import { ENCODER_SETTINGS, ENCODER_TAG, encoderTag } from '../../src/lib/image-variants';
import { removeStaleVariants, variantKey, variantPrefix } from '../../src/plugins/app/media';
import { createTestApp, PUBLIC_URL, type TestApp } from '../helpers/app';
import { galleryForm } from '../helpers/fixtures';
import { bearer, signInSeeded, type Identities } from '../helpers/tokens';

// Decision 028: a phone's photo is accepted as it comes, and visitors get it only at the widths the site asks for.

jest.setTimeout(120_000);

let t: TestApp;
let ids: Identities;
let photo: Buffer;
let image: { _id: string; imageUrl: string; width: number; height: number };

const AVIF = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';
const admin = () => bearer(ids.admin.token);
const get = (url: string, accept = AVIF) => t.app.inject({ method: 'GET', url: url.slice(PUBLIC_URL.length), headers: { accept } });
const variantFiles = () => fs.readdirSync(path.join(t.config.dataDir, 'variants'));

beforeAll(async () => {
  t = await createTestApp();
  ids = await signInSeeded(t.app);
  // A 12 MP phone photo as the camera writes it: well over the old 5 MB limit.
  photo = await testPhoto({ width: 4000, height: 3000, quality: 95 });
  const form = await galleryForm({ image: photo, filename: 'IMG_2041.JPG' });
  const res = await t.app.inject({ method: 'POST', url: '/api/gallery', headers: { ...admin(), ...form.headers }, payload: form.payload });
  expect(res.statusCode).toBe(201);
  image = res.json();
});
afterAll(() => t.close());

it('accepts a photo of several MB and stores a copy no wider than the widest delivered size', () => {
  expect(photo.length).toBeGreaterThan(5 * 1024 * 1024);
  expect([image.width, image.height]).toEqual([1920, 1440]);
});

it('serves ?w=640 as a real 640 px AVIF, a tiny fraction of the upload, cached a year and varying by Accept', async () => {
  const res = await get(`${image.imageUrl}?w=640`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/avif');
  expect(res.headers.vary).toBe('Accept');
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  const meta = await sharp(res.rawPayload).metadata();
  expect([meta.width, meta.height]).toEqual([640, 480]);
  expect(res.rawPayload.length).toBeLessThan(120 * 1024);
  expect(res.rawPayload.length).toBeLessThan(photo.length / 30);
});

it('gives WebP to a browser without AVIF and JPEG to one that names neither', async () => {
  const webp = await get(`${image.imageUrl}?w=320`, 'image/webp,*/*');
  expect(webp.headers['content-type']).toBe('image/webp');
  const jpeg = await get(`${image.imageUrl}?w=320`, '*/*');
  expect(jpeg.headers['content-type']).toBe('image/jpeg');
  expect((await sharp(jpeg.rawPayload).metadata()).width).toBe(320);
});

it('renders a variant once and reads it from disk after', async () => {
  const first = await get(`${image.imageUrl}?w=480`);
  const second = await get(`${image.imageUrl}?w=480`);
  expect([first.headers['x-cache'], second.headers['x-cache']]).toEqual(['MISS', 'HIT']);
  expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
});

it('never sends the stored copy: no width means the default 1600 px variant', async () => {
  const res = await get(image.imageUrl);
  expect((await sharp(res.rawPayload).metadata()).width).toBe(1600);
});

it.each(['641', '100000', 'abc', ''])('refuses w=%s with a 400 naming the widths, rendering nothing', async (w) => {
  const before = variantFiles().length;
  const res = await get(`${image.imageUrl}?w=${w}`);
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ error: 'Bad Request', message: 'w must be one of 160, 320, 480, 640, 720, 800, 960, 1280, 1600, 1920.' });
  expect(variantFiles()).toHaveLength(before);
});

it('answers 404 for a file that is not there, and for names outside the media folders', async () => {
  expect((await get(`${PUBLIC_URL}/media/uploads/00000000-0000-0000-0000-000000000000.webp?w=320`)).statusCode).toBe(404);
  expect((await get(`${PUBLIC_URL}/media/uploads/..%2Fpglite?w=320`)).statusCode).toBe(404);
  expect((await get(`${PUBLIC_URL}/media/other/x.webp`)).statusCode).toBe(404);
});

it('refuses more than 50 megapixels with a clear message, before decoding it', async () => {
  const huge = await sharp({ create: { width: 9000, height: 6000, channels: 3, background: '#777' } }).png().toBuffer();
  const form = await galleryForm({ image: huge, filename: 'scan.png' });
  const res = await t.app.inject({ method: 'POST', url: '/api/gallery', headers: { ...admin(), ...form.headers }, payload: form.payload });
  expect(res.statusCode).toBe(422);
  expect(res.json()).toEqual({ error: 'Unprocessable Entity', message: 'The image has 54 megapixels; the limit is 50.' });
});

it('never serves a variant another encoder made, renders its own, and removes the others', async () => {
  const name = path.basename(image.imageUrl);
  const dir = path.join(t.config.dataDir, 'variants');
  const otherEncoder = variantKey('uploads', name, 720, 'avif', encoderTag({ ...ENCODER_SETTINGS, avif: { quality: 60, effort: 4 } }));
  const beforeTags = `${variantPrefix('uploads', name)}720.avif`;
  fs.writeFileSync(path.join(dir, otherEncoder), 'bytes of the old encoder');
  fs.writeFileSync(path.join(dir, beforeTags), 'bytes from before the tag');

  const res = await get(`${image.imageUrl}?w=720`);
  expect(res.headers['x-cache']).toBe('MISS');
  expect((await sharp(res.rawPayload).metadata()).format).toBe('heif');
  const own = variantKey('uploads', name, 720, 'avif');
  expect(variantFiles()).toEqual(expect.arrayContaining([own, otherEncoder, beforeTags]));

  await removeStaleVariants(t.app.mediaVariants);
  expect(variantFiles()).toContain(own);
  expect(variantFiles()).not.toContain(otherEncoder);
  expect(variantFiles()).not.toContain(beforeTags);
  expect(variantFiles().every((file) => file.includes(`.${ENCODER_TAG}.`))).toBe(true);
});

it('deleting the image deletes its variants', async () => {
  await get(`${image.imageUrl}?w=160`);
  const name = path.basename(image.imageUrl);
  expect(variantFiles().some((file) => file.includes(name))).toBe(true);
  const res = await t.app.inject({ method: 'DELETE', url: `/api/gallery/${image._id}`, headers: admin() });
  expect(res.statusCode).toBe(200);
  expect(variantFiles().some((file) => file.includes(name))).toBe(false);
});

it('tags a variant with the encoder that made it: other settings or another sharp is another tag', () => {
  expect(encoderTag()).toBe(ENCODER_TAG);
  expect(encoderTag({ ...ENCODER_SETTINGS, webp: { quality: 80 } })).not.toBe(ENCODER_TAG);
  expect(encoderTag(ENCODER_SETTINGS, { ...sharp.versions, vips: '0.0.1' })).not.toBe(ENCODER_TAG);
});
