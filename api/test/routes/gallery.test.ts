import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { createTestApp, PUBLIC_URL, type TestApp } from '../helpers/app';
import { galleryForm, pngBytes } from '../helpers/fixtures';
import { bearer, signInSeeded, type Identities } from '../helpers/tokens';

let t: TestApp;
let ids: Identities;
beforeAll(async () => {
  t = await createTestApp();
  ids = await signInSeeded(t.app);
});
afterAll(() => t.close());

const admin = () => bearer(ids.admin.token);
const upload = async (form: { payload: Buffer; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: '/api/gallery', headers: { ...admin(), ...form.headers }, payload: form.payload });
const uploadedFiles = () => fs.readdirSync(t.config.uploadsDir);

describe('GET /api/gallery', () => {
  it('lists six seeded images with sizes and absolute URLs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/gallery' });
    expect(res.statusCode).toBe(200);
    const images = res.json();
    expect(images).toHaveLength(6);
    for (const image of images) {
      expect(Object.keys(image).sort()).toEqual(['_id', 'description', 'height', 'imageUrl', 'title', 'width']);
      expect(image.imageUrl).toMatch(new RegExp(`^${PUBLIC_URL}/media/seed/gallery-[a-z-]+\\.svg$`));
    }
  });

  it('serves the seed images with long-lived caching', async () => {
    const [image] = (await t.app.inject({ method: 'GET', url: '/api/gallery' })).json();
    const res = await t.app.inject({ method: 'GET', url: image.imageUrl.slice(PUBLIC_URL.length) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});

describe('POST /api/gallery', () => {
  it('re-encodes an upload to WebP (max 1920 px wide, no metadata) and serves a variant of it', async () => {
    const big = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#336699' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-location' } } })
      .jpeg()
      .toBuffer();
    expect(big.includes(Buffer.from('secret-location'))).toBe(true);
    const res = await upload(await galleryForm({ image: big, filename: 'photo.jpg' }));
    expect(res.statusCode).toBe(201);
    const image = res.json();
    expect(image).toMatchObject({ title: 'Lab day', description: 'Students at work.', width: 1920, height: 960 });
    expect(image.imageUrl).toMatch(new RegExp(`^${PUBLIC_URL}/media/uploads/[0-9a-f-]{36}\\.webp$`));

    const file = path.join(t.config.uploadsDir, path.basename(image.imageUrl));
    const stored = fs.readFileSync(file);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('secret-location'))).toBe(false);

    const served = await t.app.inject({ method: 'GET', url: image.imageUrl.slice(PUBLIC_URL.length), headers: { accept: 'image/webp,*/*' } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    // Never the stored copy: the default variant is 1600 px wide.
    expect((await sharp(served.rawPayload).metadata()).width).toBe(1600);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const list = (await t.app.inject({ method: 'GET', url: '/api/gallery' })).json();
    expect(list[0]._id).toBe(image._id);
  });

  it('judges by content, not by the declared type or name', async () => {
    const png = await pngBytes();
    const res = await upload(await galleryForm({ image: png, filename: 'notes.txt' }));
    expect(res.statusCode).toBe(201);
  });

  it('deletes the row and the stored file', async () => {
    const created = (await upload(await galleryForm())).json();
    const name = path.basename(created.imageUrl);
    expect(uploadedFiles()).toContain(name);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/gallery/${created._id}`, headers: admin() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Image deleted.' });
    expect(uploadedFiles()).not.toContain(name);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/gallery/${created._id}`, headers: admin() });
    expect(again.json()).toEqual({ error: 'Not Found', message: 'Image not found.' });
  });

  it('keeps a stored file that another image still shows (generated volumes share a pool of photos)', async () => {
    const created = (await upload(await galleryForm())).json();
    const name = path.basename(created.imageUrl);
    const row = (await t.app.repos.gallery.get(created._id))!;
    const twin = await t.app.repos.gallery.create({ title: 'Twin', description: 'Same photo', imagePath: row.imagePath, width: row.width, height: row.height });
    await t.app.inject({ method: 'DELETE', url: `/api/gallery/${created._id}`, headers: admin() });
    expect(uploadedFiles()).toContain(name);
    await t.app.inject({ method: 'DELETE', url: `/api/gallery/${twin.id}`, headers: admin() });
    expect(uploadedFiles()).not.toContain(name);
  });

  it('deletes a seeded image without touching the shipped file', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/gallery' })).json();
    const seeded = list.find((i: { imageUrl: string }) => i.imageUrl.includes('/media/seed/'));
    const res = await t.app.inject({ method: 'DELETE', url: `/api/gallery/${seeded._id}`, headers: admin() });
    expect(res.statusCode).toBe(200);
    expect(fs.existsSync(path.join(t.config.seedMediaDir, path.basename(seeded.imageUrl)))).toBe(true);
  });
});
