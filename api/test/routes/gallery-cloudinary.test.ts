import fs from 'node:fs/promises';
import { createTestApp, type TestApp } from '../helpers/app';
import { galleryForm, pngBytes } from '../helpers/fixtures';
import { startSandbox, type Sandbox } from '../helpers/paypal';
import { bearer, signInSeeded, type Identities } from '../helpers/tokens';
import { uploadStoreConfig } from '../../src/lib/upload-store-config';
import { ConfigError } from '../../src/config';

// UPLOAD_STORE=cloudinary (decision 019): gallery files go to Cloudinary (the sandbox's stand-in here) with a
// server-side signed upload, every instance serves the same URL, and a delete destroys the file there.
let sandbox: Sandbox;
let t: TestApp;
let ids: Identities;
beforeAll(async () => {
  sandbox = await startSandbox();
  const uploadStore = uploadStoreConfig({ UPLOAD_STORE: 'cloudinary', CLOUDINARY_UPLOAD_BASE_URL: sandbox.url }, false, (m) => new ConfigError(m));
  t = await createTestApp({ config: { uploadStore } });
  ids = await signInSeeded(t.app);
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

const admin = () => bearer(ids.admin.token);
const upload = async (image?: Buffer) => {
  const form = await galleryForm(image ? { image } : {});
  return t.app.inject({ method: 'POST', url: '/api/gallery', headers: { ...admin(), ...form.headers }, payload: form.payload });
};

it('uploads the re-encoded image to Cloudinary, keeps width and height, and stores nothing on disk', async () => {
  const res = await upload(await pngBytes(2400, 1200));
  expect(res.statusCode).toBe(201);
  const image = res.json();
  const port = new URL(sandbox.url).port;
  expect(image.imageUrl).toMatch(new RegExp(`^http://localhost:${port}/sandbox/image/upload/v\\d+/institute-gallery/[0-9a-f-]{36}\\.webp$`));
  // Re-encoded before it left (decisions 006, 028): at most 1920 px wide, WebP.
  expect([image.width, image.height]).toEqual([1920, 960]);
  const served = await fetch(image.imageUrl);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/webp');
  expect((await t.app.inject({ method: 'GET', url: '/api/gallery' })).json()[0].imageUrl).toBe(image.imageUrl);
  expect(await fs.readdir(t.config.uploadsDir).catch(() => [])).toEqual([]);
});

it('deleting the image destroys it at Cloudinary', async () => {
  const image = (await upload()).json();
  expect((await fetch(image.imageUrl)).status).toBe(200);
  const res = await t.app.inject({ method: 'DELETE', url: `/api/gallery/${image._id}`, headers: admin() });
  expect(res.statusCode).toBe(200);
  expect((await fetch(image.imageUrl)).status).toBe(404);
});

it('a refused upload (wrong secret) is a 502 that stores no gallery row', async () => {
  const storage = t.app.storage;
  const wrong = uploadStoreConfig({ UPLOAD_STORE: 'cloudinary', CLOUDINARY_UPLOAD_BASE_URL: sandbox.url, CLOUDINARY_API_SECRET: 'not-the-secret' }, false, (m) => new ConfigError(m));
  const other = await createTestApp({ config: { uploadStore: wrong } });
  try {
    const { admin: otherAdmin } = await signInSeeded(other.app);
    const before = (await other.app.inject({ method: 'GET', url: '/api/gallery' })).json().length;
    const form = await galleryForm();
    const res = await other.app.inject({ method: 'POST', url: '/api/gallery', headers: { ...bearer(otherAdmin.token), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).not.toMatch(/secret|signature/i);
    expect((await other.app.inject({ method: 'GET', url: '/api/gallery' })).json()).toHaveLength(before);
  } finally {
    await other.close();
  }
  expect(storage.keyOf('/media/seed/gallery-lab.svg')).toBeNull();
});

describe('UPLOAD_STORE', () => {
  const read = (env: Record<string, string>, production = false) => uploadStoreConfig(env, production, (m) => new ConfigError(m));
  it('defaults to the local folder and refuses unknown stores and sandbox keys in production', () => {
    expect(read({})).toEqual({ kind: 'local' });
    expect(() => read({ UPLOAD_STORE: 's3' })).toThrow(ConfigError);
    expect(() => read({ UPLOAD_STORE: 'cloudinary' }, true)).toThrow(/CLOUDINARY_CLOUD_NAME/);
    expect(() => read({ UPLOAD_STORE: 'cloudinary', CLOUDINARY_UPLOAD_BASE_URL: 'http://x.test', CLOUDINARY_CLOUD_NAME: 'c', CLOUDINARY_API_KEY: 'k', CLOUDINARY_API_SECRET: 's' }, true)).toThrow(/https/);
    expect(read({ UPLOAD_STORE: 'cloudinary', CLOUDINARY_CLOUD_NAME: 'c', CLOUDINARY_API_KEY: 'k', CLOUDINARY_API_SECRET: 's' }, true)).toMatchObject({ kind: 'cloudinary', uploadBaseUrl: 'https://api.cloudinary.com' });
  });
});
