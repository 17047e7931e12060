import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { cloudinarySignature } from '../src/cloudinary/signature';
import { sandbox } from './support/helpers';

let app: FastifyInstance;
let base: string;
let png: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#1f4e8c' } }).png().toBuffer();
});
beforeEach(async () => {
  app = await sandbox({ publicUrl: undefined, maxUploadBytes: 64 * 1024 });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterEach(() => app.close());

function upload(fields: Record<string, string>, file?: { data: Buffer | string; name: string }, cloud = 'sandbox') {
  const form = new FormData();
  if (file) form.append('file', new Blob([typeof file.data === 'string' ? file.data : new Uint8Array(file.data)]), file.name);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return fetch(`${base}/v1_1/${cloud}/image/upload`, { method: 'POST', body: form, headers: { origin: 'http://localhost:3000' } });
}

describe('POST /v1_1/:cloud/image/upload', () => {
  it('stores an image and answers Cloudinary\'s upload response', async () => {
    const response = await upload({ upload_preset: 'institute_unsigned' }, { data: png, name: 'campus-photo.png' });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    const body = await response.json();
    expect(body).toMatchObject({
      width: 40, height: 30, format: 'png', bytes: png.length, resource_type: 'image', type: 'upload', original_filename: 'campus-photo',
    });
    expect(body.public_id).toMatch(/^[a-z0-9]{20}$/);
    expect(body.created_at).toMatch(/Z$/);
    const port = new URL(base).port;
    expect(body.secure_url).toBe(`http://localhost:${port}/sandbox/image/upload/v${body.version}/${body.public_id}.png`);
    expect(body.url).toBe(body.secure_url);

    const served = await fetch(`${base}${new URL(body.secure_url).pathname}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    expect(await (await fetch(`${base}/__inbox/uploads`)).json()).toEqual([expect.objectContaining({ public_id: body.public_id, upload_preset: 'institute_unsigned' })]);
  });

  it('serves transformation URLs and converts to the requested extension', async () => {
    const body = await (await upload({ upload_preset: 'institute_unsigned', folder: 'gallery', public_id: 'lab' }, { data: png, name: 'lab.png' })).json();
    expect(body.public_id).toBe('gallery/lab');
    const converted = await fetch(`${base}/sandbox/image/upload/w_320,c_fill/v${body.version}/gallery/lab.webp`);
    expect(converted.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await converted.arrayBuffer())).metadata()).format).toBe('webp');
    expect((await fetch(`${base}/sandbox/image/upload/gallery/lab.png`)).status).toBe(200);
  });

  it('accepts a data URI in the file field', async () => {
    const response = await upload({ upload_preset: 'institute_unsigned', file: `data:image/png;base64,${png.toString('base64')}` });
    expect(response.status).toBe(200);
    expect((await response.json()).width).toBe(40);
  });

  it.each([
    ['an unknown preset', { upload_preset: 'signed_only' }, 400, 'Upload preset not found'],
    ['no preset', {}, 400, 'Upload preset must be specified when using unsigned upload'],
  ])('answers %s in Cloudinary\'s error shape', async (_label, fields, status, message) => {
    const response = await upload(fields, { data: png, name: 'a.png' });
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ error: { message } });
    expect(app.sandbox.state.uploads.size).toBe(0);
  });

  it('refuses a file that is not an image, a missing file, a file too large and an unknown cloud', async () => {
    const text = await upload({ upload_preset: 'institute_unsigned' }, { data: '<html>not an image</html>', name: 'fake.png' });
    expect([text.status, await text.json()]).toEqual([400, { error: { message: 'Invalid image file' } }]);
    const none = await upload({ upload_preset: 'institute_unsigned' });
    expect([none.status, await none.json()]).toEqual([400, { error: { message: 'Missing required parameter - file' } }]);
    const big = await upload({ upload_preset: 'institute_unsigned' }, { data: Buffer.alloc(70_000, 1), name: 'big.png' });
    expect([big.status, await big.json()]).toEqual([400, { error: { message: 'File size too large. Got 70000. Maximum is 65536.' } }]);
    const cloud = await upload({ upload_preset: 'institute_unsigned' }, { data: png, name: 'a.png' }, 'other');
    expect([cloud.status, await cloud.json()]).toEqual([401, { error: { message: 'Invalid cloud_name other' } }]);
  });

  it('answers 404 with x-cld-error for an unknown image', async () => {
    const response = await fetch(`${base}/sandbox/image/upload/v1/missing.png`);
    expect(response.status).toBe(404);
    expect(response.headers.get('x-cld-error')).toContain('Resource not found');
  });
});

describe('signed upload and destroy (a server holding the API secret)', () => {
  const secret = 'sandbox-api-secret';
  const signed = (params: Record<string, string>, key = 'sandbox-api-key', withSecret = secret) => {
    const fields = { timestamp: String(Math.floor(Date.now() / 1000)), ...params };
    return { ...fields, api_key: key, signature: cloudinarySignature(fields, withSecret) };
  };
  const destroy = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    return fetch(`${base}/v1_1/sandbox/image/destroy`, { method: 'POST', body: form });
  };

  it('stores an upload signed with the secret (no preset), and destroy removes it', async () => {
    const response = await upload(signed({ public_id: 'gallery/signed-one' }), { data: png, name: 'a.png' });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.public_id).toBe('gallery/signed-one');
    expect((await fetch(`${base}${new URL(body.secure_url).pathname}`)).status).toBe(200);

    const removed = await destroy(signed({ public_id: 'gallery/signed-one' }));
    expect(await removed.json()).toEqual({ result: 'ok' });
    expect((await fetch(`${base}${new URL(body.secure_url).pathname}`)).status).toBe(404);
    expect(await (await destroy(signed({ public_id: 'gallery/signed-one' }))).json()).toEqual({ result: 'not found' });
  });

  it('refuses a wrong signature, an unknown key, a stale timestamp and an unsigned destroy', async () => {
    expect((await upload(signed({}, 'sandbox-api-key', 'wrong-secret'), { data: png, name: 'a.png' })).status).toBe(401);
    expect((await upload(signed({}, 'other-key'), { data: png, name: 'a.png' })).status).toBe(401);
    const stale = signed({ timestamp: String(Math.floor(Date.now() / 1000) - 3700) });
    const refused = await upload(stale, { data: png, name: 'a.png' });
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.message).toMatch(/^Stale request/);
    // The signature covers public_id: changing it after signing is refused.
    const tampered = { ...signed({ public_id: 'gallery/x' }), public_id: 'gallery/y' };
    expect((await destroy(tampered)).status).toBe(401);
    expect((await destroy({ public_id: 'gallery/x' })).status).toBe(401);
  });
});
