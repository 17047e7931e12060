import type { FastifyInstance } from 'fastify';
import { createSiteServer } from '../server/app';
import { readRegistry } from '../deploy-folder';
import { writeDeployFixture } from '../testing/deploy-fixture';
import { signPreview } from './preview-token';
import { writeRollout } from './rollout-file';
import { previewClaim } from './selection';
import { addVersion } from './testing';

const SECRET = 'test-secret';
let site: ReturnType<typeof writeDeployFixture>;
let app: FastifyInstance;
beforeEach(() => {
  site = writeDeployFixture();
  addVersion(site.root, '2.0.0');
  app = createSiteServer(site.root, { previewSecret: SECRET, renderer: { timeoutMs: 10_000, warn: () => {} } });
});
afterEach(async () => {
  await app.close();
  site.remove();
});

const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const cookiesOf = (res: { cookies: { name: string; value: string }[] }) => res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
const startCanary = (percent: number) => writeRollout(site.root, {
  canaries: { mf_demo: { dir: 'mf-demo', version: '2.0.0', manifest: '/mf-demo/2.0.0/mf-manifest.json', percent, integrity: { '/mf-demo/2.0.0/remoteEntry.js': 'sha384-canary' }, since: new Date().toISOString() } },
  withdrawn: [],
});

it('remotes.json is the live registry with why, private to the visitor, and sets no cookie when nothing runs', async () => {
  const res = await get('/remotes.json');
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-cache, no-transform');
  expect(String(res.headers.vary)).toMatch(/cookie/);
  expect(res.headers['set-cookie']).toBeUndefined();
  expect(res.json()).toEqual({ ...readRegistry(site.root), selection: { mf_demo: 'live' }, notices: {} });
});

it('a 50 % canary: each new visitor gets an id, some the canary, and each keeps what it got', async () => {
  startCanary(50);
  const seen: string[] = [];
  for (let i = 0; i < 40; i += 1) {
    const first = await get('/remotes.json');
    const cookie = cookiesOf(first);
    expect(cookie).toMatch(/^site_visitor=[A-Za-z0-9_-]{22}$/);
    expect(first.cookies[0]).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const why = first.json().selection.mf_demo;
    seen.push(why);
    for (let reload = 0; reload < 2; reload += 1) expect((await get('/remotes.json', cookie)).json().selection.mf_demo).toBe(why);
    if (why === 'canary') {
      expect(first.json()).toMatchObject({ mf_demo: '/mf-demo/2.0.0/mf-manifest.json', integrity: { '/mf-demo/2.0.0/remoteEntry.js': 'sha384-canary' }, fieldEvents: 'on' });
      expect(Object.keys(first.json().integrity).filter((url) => url.startsWith('/mf-demo/1.0.0/'))).toEqual([]);
    }
  }
  const canaries = seen.filter((w) => w === 'canary').length;
  expect(canaries).toBeGreaterThan(5);
  expect(canaries).toBeLessThan(35);
});

it('a canary visitor gets the shell page instead of pages rendered with the live version; a live one keeps them', async () => {
  // 90 %, not more: the loop must meet a live visitor too (400 tries miss one with odds of 1 in 10^18).
  startCanary(90);
  let canaryCookie = '';
  let liveCookie = '';
  for (let i = 0; i < 400 && !(canaryCookie && liveCookie); i += 1) {
    const res = await get('/remotes.json');
    if (res.json().selection.mf_demo === 'canary') canaryCookie = cookiesOf(res);
    else liveCookie = cookiesOf(res);
  }
  expect(canaryCookie && liveCookie).toBeTruthy();
  const forCanary = await get('/courses', canaryCookie);
  expect(forCanary.body).toContain('<div id="root"></div>');
  expect(forCanary.body).not.toContain('Rendered');
  expect(String(forCanary.headers.vary)).toMatch(/cookie/);
  expect((await get('/courses', liveCookie)).body).toContain('<h1>Rendered Page at /courses</h1>');
  // A first visit while a canary runs: its id comes with the page, so the page and its registry agree.
  const fresh = await get('/courses');
  expect(cookiesOf(fresh)).toMatch(/^site_visitor=/);
  expect((await get('/remotes.json', cookiesOf(fresh))).headers['set-cookie']).toBeUndefined();
});

describe('preview links', () => {
  const link = (over: object = {}) => `/preview?token=${signPreview({ ...previewClaim(site.root, readRegistry(site.root), 'mf_demo', '2.0.0'), ...over }, SECRET)}`;

  it('runs the version in the browser that opened it, and no other', async () => {
    const opened = await get(link());
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/versions');
    expect(opened.cookies[0]).toMatchObject({ name: 'site_preview', httpOnly: true, sameSite: 'Lax' });
    expect(opened.cookies[0]?.maxAge).toBeGreaterThan(24 * 3600 - 60);
    const mine = (await get('/remotes.json', cookiesOf(opened))).json();
    expect(mine).toMatchObject({ mf_demo: '/mf-demo/2.0.0/mf-manifest.json', selection: { mf_demo: 'preview' } });
    expect((await get('/remotes.json')).json()).toMatchObject({ mf_demo: '/mf-demo/1.0.0/mf-manifest.json', selection: { mf_demo: 'live' } });
    expect((await get('/courses', cookiesOf(opened))).body).not.toContain('Rendered');
  });

  it.each([
    ['tampered', (l: string) => l.replace(/\.([A-Za-z0-9_-])/, (_m, c: string) => `.${c === 'A' ? 'B' : 'A'}`), 'This preview link is not valid. You are seeing the live version.'],
    ['expired', () => link({ expires: Date.now() - 1 }), 'This preview link has expired. You are seeing the live version.'],
    ['unpublished', () => link({ version: '9.9.9' }), 'This preview link names a version that is not published. You are seeing the live version.'],
    ['an unknown module', () => link({ remote: 'mf_nope' }), 'This preview link names a module the site does not have. You are seeing the live version.'],
  ])('is refused when %s, with a message and no cookie', async (_case, make, message) => {
    const res = await get(make(link()));
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-security-policy']).toBeDefined();
    expect(res.body).toContain(message);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('a cookie tampered with afterwards gives the live version, a notice, and is dropped', async () => {
    const opened = await get(link());
    const token = opened.cookies[0]?.value ?? '';
    const res = await get('/remotes.json', `site_preview=${token.slice(0, -3)}xyz`);
    expect(res.json()).toMatchObject({ mf_demo: '/mf-demo/1.0.0/mf-manifest.json', selection: { mf_demo: 'live' }, notices: { preview: 'This preview link is not valid. You are seeing the live version.' } });
    expect(res.cookies[0]).toMatchObject({ name: 'site_preview', value: '' });
  });

  it('is refused by a server without a secret', async () => {
    const bare = createSiteServer(site.root);
    const res = await bare.inject({ method: 'GET', url: link() });
    expect(res.statusCode).toBe(process.env.SITE_PREVIEW_SECRET ? 303 : 400);
    await bare.close();
  });
});

it('the rollout file is not served; its status is', async () => {
  startCanary(10);
  expect((await get('/rollout.json')).statusCode).toBe(404);
  expect((await get('/rollout-status.json')).json()).toEqual({ canaries: [{ remote: 'mf_demo', version: '2.0.0', percent: 10, since: expect.any(String) }], withdrawn: [] });
});
