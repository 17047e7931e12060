import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { isPublicAddress, REMOTE_IMAGE_TEXT } from '../../src/lib/remote-image';
import { createTestApp, PUBLIC_URL, type TestApp } from '../helpers/app';
import { validBlog, validCourse } from '../helpers/fixtures';
import { bearer, signInSeeded, type Identities } from '../helpers/tokens';

// Decision 028: an image URL typed in an admin form that is neither ours nor the image host's is fetched once and
// stored as ours, or refused with the reason. A server on 127.0.0.1 is a private address: refused unless the
// IMAGE_IMPORT_ALLOW_PRIVATE list names it, which is how the success path is tested here.

jest.setTimeout(60_000);

let photo: Buffer;
let server: http.Server;
let origin: string;
let other: http.Server;
let otherOrigin: string;
let requests: string[] = [];

const listen = async (handler: http.RequestListener) => {
  const s = http.createServer(handler);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return { server: s, origin: `http://127.0.0.1:${(s.address() as AddressInfo).port}` };
};

beforeAll(async () => {
  photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#2a6f97' } }).jpeg().toBuffer();
  ({ server: other, origin: otherOrigin } = await listen((_req, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo)));
  ({ server, origin } = await listen((req, res) => {
    requests.push(req.url ?? '');
    if (req.url === '/photo.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    if (req.url === '/page.html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>not an image</h1>');
    if (req.url === '/fake.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<script>alert(1)</script>');
    if (req.url === '/moved') return res.writeHead(302, { location: '/photo.jpg' }).end();
    if (req.url === '/to-private') return res.writeHead(302, { location: `${otherOrigin}/x.jpg` }).end();
    if (req.url === '/to-metadata') return res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    return res.writeHead(404).end();
  }));
});
afterAll(async () => {
  server.close();
  other.close();
});
beforeEach(() => {
  requests = [];
});

describe('with the local server allowed (IMAGE_IMPORT_ALLOW_PRIVATE)', () => {
  let t: TestApp;
  let ids: Identities;
  beforeAll(async () => {
    t = await createTestApp();
    t.config.imageImport.allowPrivate.push(new URL(origin).host);
    ids = await signInSeeded(t.app);
  });
  afterAll(() => t.close());
  const post = (url: string, body: object) => t.app.inject({ method: 'POST', url, headers: bearer(ids.admin.token), payload: body });

  it('fetches a course image once, stores it re-encoded as ours and serves it in the delivered widths', async () => {
    const res = await post('/api/courses', validCourse({ imgUrl: `${origin}/photo.jpg` }));
    expect(res.statusCode).toBe(201);
    const { imgUrl } = res.json();
    expect(imgUrl).toMatch(new RegExp(`^${PUBLIC_URL}/media/uploads/[0-9a-f-]{36}\\.webp$`));
    expect(requests).toEqual(['/photo.jpg']);
    const served = await t.app.inject({ method: 'GET', url: `${imgUrl.slice(PUBLIC_URL.length)}?w=320`, headers: { accept: 'image/avif' } });
    expect(served.headers['content-type']).toBe('image/avif');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(320);
  });

  it('follows a redirect on an allowed host, for a blog post too', async () => {
    const res = await post('/api/blogs', validBlog({ imgUrl: `${origin}/moved` }));
    expect(res.statusCode).toBe(201);
    expect(res.json().blog.imgUrl).toMatch(/\/media\/uploads\/[0-9a-f-]{36}\.webp$/);
  });

  it.each([
    ['a redirect to a private address not allowed', '/to-private', REMOTE_IMAGE_TEXT.privateAddress],
    ['a redirect to the cloud metadata address', '/to-metadata', REMOTE_IMAGE_TEXT.privateAddress],
    ['a page that is not an image', '/page.html', REMOTE_IMAGE_TEXT.notImage],
    ['a redirect loop', '/loop', REMOTE_IMAGE_TEXT.tooManyRedirects],
    ['a missing file', '/nothing.jpg', REMOTE_IMAGE_TEXT.unreachable],
  ])('refuses %s with a 422 saying why, storing nothing', async (_label, path, message) => {
    const before = fs.readdirSync(t.config.uploadsDir).length;
    const res = await post('/api/courses', validCourse({ imgUrl: `${origin}${path}` }));
    expect([res.statusCode, res.json()]).toEqual([422, { error: 'Unprocessable Entity', message }]);
    expect(fs.readdirSync(t.config.uploadsDir)).toHaveLength(before);
  });

  it('refuses bytes that claim to be an image but are not', async () => {
    const res = await post('/api/courses', validCourse({ imgUrl: `${origin}/fake.jpg` }));
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Only PNG, JPEG, GIF and WebP images are accepted.');
  });

  it("keeps the image host's URLs and our own media as they are, fetching nothing", async () => {
    const cloud = 'https://res.cloudinary.com/demo/image/upload/v1/campus.jpg';
    expect((await post('/api/courses', validCourse({ imgUrl: cloud }))).json().imgUrl).toBe(cloud);
    const own = `${PUBLIC_URL}/media/seed/course-cloud-security.svg`;
    expect((await post('/api/courses', validCourse({ imgUrl: own }))).json().imgUrl).toBe(own);
    expect(requests).toEqual([]);
  });

  it.each([
    ['course', '/api/courses/00000000-0000-4000-8000-000000000000', validCourse({ imgUrl: '' })],
    ['blog post', '/api/blogs/00000000-0000-4000-8000-000000000000', validBlog({ imgUrl: '' })],
  ])('an edit of a missing %s with a foreign image URL is a 404 that fetches and stores nothing', async (_kind, url, body) => {
    const before = fs.readdirSync(t.config.uploadsDir).length;
    const res = await t.app.inject({ method: 'PUT', url, headers: bearer(ids.admin.token), payload: { ...body, imgUrl: `${origin}/photo.jpg` } });
    expect(res.statusCode).toBe(404);
    expect(requests).toEqual([]);
    expect(fs.readdirSync(t.config.uploadsDir)).toHaveLength(before);
  });

  it('removes an image it fetched when the save stores nothing (deleted meanwhile) or fails', async () => {
    const before = fs.readdirSync(t.config.uploadsDir).length;
    const seen: string[] = [];
    expect(await t.app.withStoredImage(`${origin}/photo.jpg`, t.app.log, async (imgUrl) => {
      seen.push(imgUrl);
      // The file exists while the record is being saved.
      expect(fs.readdirSync(t.config.uploadsDir)).toHaveLength(before + 1);
      return null;
    })).toBeNull();
    expect(seen[0]).toMatch(/^\/media\/uploads\/[0-9a-f-]{36}\.webp$/);
    expect(fs.readdirSync(t.config.uploadsDir)).toHaveLength(before);
    await expect(t.app.withStoredImage(`${origin}/photo.jpg`, t.app.log, async () => {
      throw new Error('insert failed');
    })).rejects.toThrow('insert failed');
    expect(fs.readdirSync(t.config.uploadsDir)).toHaveLength(before);
    expect(requests).toEqual(['/photo.jpg', '/photo.jpg']);
  });

  it('an edit of an existing course with a foreign URL stores the fetched image', async () => {
    const made = await post('/api/courses', validCourse({ imgUrl: 'https://res.cloudinary.com/demo/image/upload/v1/a.jpg' }));
    const res = await t.app.inject({
      method: 'PUT', url: `/api/courses/${made.json()._id}`, headers: bearer(ids.admin.token), payload: validCourse({ imgUrl: `${origin}/photo.jpg` }),
    });
    expect(res.statusCode).toBe(200);
    const key = (res.json().imgUrl as string).split('/').pop()!;
    expect(fs.readdirSync(t.config.uploadsDir)).toContain(key);
  });

  it('checks fields before fetching: a refused course fetches and stores nothing', async () => {
    const res = await post('/api/courses', validCourse({ title: '   ', imgUrl: `${origin}/photo.jpg` }));
    expect(res.statusCode).toBe(400);
    expect(requests).toEqual([]);
  });
});

describe('by default', () => {
  let t: TestApp;
  let ids: Identities;
  beforeAll(async () => {
    t = await createTestApp();
    ids = await signInSeeded(t.app);
  });
  afterAll(() => t.close());

  it.each(['photo.jpg', 'moved'])('refuses a server on 127.0.0.1 (/%s) as a private address, before any request', async (path) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/courses', headers: bearer(ids.admin.token), payload: validCourse({ imgUrl: `${origin}/${path}` }) });
    expect([res.statusCode, res.json().message]).toEqual([422, REMOTE_IMAGE_TEXT.privateAddress]);
    expect(requests).toEqual([]);
  });

  it('refuses a name that resolves to a private address', async () => {
    const port = new URL(origin).port;
    const res = await t.app.inject({ method: 'POST', url: '/api/courses', headers: bearer(ids.admin.token), payload: validCourse({ imgUrl: `http://localhost:${port}/photo.jpg` }) });
    expect([res.statusCode, res.json().message]).toEqual([422, REMOTE_IMAGE_TEXT.privateAddress]);
    expect(requests).toEqual([]);
  });
});

test.each([
  ['127.0.0.1', false], ['10.1.2.3', false], ['172.16.0.9', false], ['192.168.1.1', false], ['169.254.169.254', false],
  ['100.64.0.1', false], ['0.0.0.0', false], ['::1', false], ['fd00::1', false], ['fe80::1', false], ['::ffff:127.0.0.1', false],
  ['224.0.0.1', false], ['8.8.8.8', true], ['151.101.1.69', true], ['2a00:1450:4001:80b::200e', true], ['not an address', false],
])('isPublicAddress(%s) is %s', (address, expected) => {
  expect(isPublicAddress(address)).toBe(expected);
});
