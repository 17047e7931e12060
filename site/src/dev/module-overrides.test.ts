// Module overrides outside production (decision 038), through the site server (Fastify inject).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { writeSiteHeaders } from '../headers/site-headers';
import { createSiteServer } from '../server/app';
import { OVERRIDES_COOKIE, overridesEnabled, parseOverride, productionOverridesProblem, readOverrides } from './module-overrides';

const LIVE = {
  mf_catalog: '/mf-catalog/1.0.0/mf-manifest.json',
  mf_content: '/mf-content/1.0.0/mf-manifest.json',
  integrity: { '/mf-content/1.0.0/remoteEntry.js': 'sha384-abc' },
};
/** The live registry as the site server gives it to a browser without overrides (decision 039: why, and no notices). */
const LIVE_FOR_VISITOR = { ...LIVE, selection: { mf_catalog: 'live', mf_content: 'live' }, notices: {} };
const TEAMMATE = 'http://192.168.1.20:3003/mf-manifest.json';
const PRELOAD = '<link rel="preload" href="/mf-content/1.0.0/remoteEntry.js" as="script" crossorigin="anonymous">';
const SITE = 'http://site.test';
let root: string;
let app: FastifyInstance;

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'institute-overrides-'));
  mkdirSync(path.join(root, 'shell', '1.0.0'), { recursive: true });
  writeFileSync(path.join(root, 'remotes.json'), JSON.stringify(LIVE));
  writeFileSync(path.join(root, 'config.json'), JSON.stringify({ apiBaseUrl: 'http://localhost:4000' }));
  writeFileSync(path.join(root, 'index.html'), `<!doctype html><html><head>${PRELOAD}</head><body><div id="root"></div></body></html>`);
  writeSiteHeaders(root);
  app = createSiteServer(root, { development: {} });
});
afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

const cookieFor = (entries: Record<string, string>) => `${OVERRIDES_COOKIE}=${Buffer.from(JSON.stringify(entries)).toString('base64url')}`;
const post = (form: Record<string, string>, headers: Record<string, string> = {}) => app.inject({
  method: 'POST', url: '/__overrides', payload: new URLSearchParams(form).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'site.test', origin: SITE, ...headers },
});
const csp = (header: unknown): Record<string, string[]> => Object.fromEntries(String(header).split('; ').map((d) => {
  const [name, ...sources] = d.split(' ');
  return [name!, sources];
}));

test('an override names a known remote and the http(s) address of a manifest or its folder', () => {
  expect(parseOverride('mf-content', 'http://127.0.0.1:3003/')).toEqual({ name: 'mf_content', url: 'http://127.0.0.1:3003/mf-manifest.json' });
  expect(parseOverride('mf_content', TEAMMATE)).toEqual({ name: 'mf_content', url: TEAMMATE });
  expect(parseOverride('mf_nope', TEAMMATE).error).toBe('Unknown module "mf_nope": a module override names one of mf_catalog, mf_checkout, mf_content, mf_admin. The live version runs.');
  expect(parseOverride('shell', TEAMMATE).error).toMatch(/^Unknown module "shell"/);
  for (const bad of ['not a url', 'javascript:alert(1)', 'ftp://x/mf-manifest.json', 'http://u:p@x/mf-manifest.json', 'http://x/remoteEntry.js']) {
    expect(parseOverride('mf_content', bad).error).toBe(`"${bad}" is not the http(s) address of a module's mf-manifest.json (or of its folder, ending in /). The live version of mf_content runs.`);
  }
});

test('a cookie that cannot be read, or names bad overrides, gives a message for each and keeps the good ones', () => {
  expect(readOverrides(`${OVERRIDES_COOKIE}=%%%`).problems).toEqual(['The module overrides saved in this browser could not be read. The live versions run.']);
  const { overrides, problems } = readOverrides(`a=b; ${cookieFor({ mf_content: TEAMMATE, mf_nope: TEAMMATE })}`);
  expect([...overrides]).toEqual([['mf_content', TEAMMATE]]);
  expect(problems).toHaveLength(1);
});

test('on outside production unless turned off; production refuses to be started with them on', () => {
  expect(overridesEnabled({ NODE_ENV: 'test' })).toBe(true);
  expect(overridesEnabled({ MODULE_OVERRIDES: 'off' })).toBe(false);
  expect(overridesEnabled({ NODE_ENV: 'production', MODULE_OVERRIDES: 'on' })).toBe(false);
  expect(productionOverridesProblem({ MODULE_OVERRIDES: 'on' })).toMatch(/refused in production/);
  expect(productionOverridesProblem({})).toBeNull();
  expect(productionOverridesProblem({ MODULE_OVERRIDES: 'off' })).toBeNull();
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    expect(() => createSiteServer(root, { development: {} })).toThrow(/refused in production/);
  } finally {
    process.env.NODE_ENV = previous;
  }
});

test('setting an override saves it in this browser\'s cookie and returns to the page', async () => {
  const response = await post({ module: 'mf_content', url: TEAMMATE, return: '/blog' });
  expect(response.statusCode).toBe(303);
  expect(response.headers.location).toBe('/blog');
  const cookie = String(response.headers['set-cookie']);
  expect(cookie).toMatch(/HttpOnly/);
  expect(cookie).toMatch(/SameSite=Lax/);
  expect([...readOverrides(cookie.split(';')[0]).overrides]).toEqual([['mf_content', TEAMMATE]]);
});

test('bad input changes nothing and says why', async () => {
  const unknown = await post({ module: 'mf_nope', url: TEAMMATE });
  expect(unknown.statusCode).toBe(400);
  expect(unknown.headers['set-cookie']).toBeUndefined();
  expect(unknown.body).toContain('Unknown module &quot;mf_nope&quot;: a module override names one of');
  const malformed = await post({ module: 'mf_content', url: 'not a url' });
  expect(malformed.statusCode).toBe(400);
  expect(malformed.headers['set-cookie']).toBeUndefined();
  expect(malformed.body).toContain('is not the http(s) address of a module&#39;s mf-manifest.json');
});

test('another site cannot set an override, nor send the browser elsewhere after a form', async () => {
  const crossSite = await post({ module: 'mf_content', url: TEAMMATE }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
  expect(crossSite.statusCode).toBe(403);
  expect(crossSite.headers['set-cookie']).toBeUndefined();
  const away = await post({ reset: '1', return: '//evil.example/' });
  expect(away.headers.location).toBe('/');
  expect(String(away.headers['set-cookie'])).toMatch(/Max-Age=0/);
});

test('the browser with an override gets its registry, without integrity; any other browser gets the live one', async () => {
  const mine = await app.inject({ url: '/remotes.json', headers: { cookie: cookieFor({ mf_content: TEAMMATE }) } });
  expect(mine.json()).toEqual({ mf_catalog: LIVE.mf_catalog, mf_content: TEAMMATE, selection: { mf_catalog: 'live', mf_content: 'override' }, notices: {} });
  expect(mine.headers['cache-control']).toMatch(/private, no-cache/);
  expect(mine.headers.vary).toMatch(/cookie/i);
  expect(csp(mine.headers['content-security-policy'])).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"], sandbox: [] });
  expect(mine.headers['access-control-allow-origin']).toBeUndefined();
  expect((await app.inject({ url: '/remotes.json' })).json()).toEqual(LIVE_FOR_VISITOR);
});

test('its pages allow the override\'s origin, show the banner and leave out the live build\'s preloads; other browsers\' pages neither', async () => {
  const mine = await app.inject({ url: '/courses', headers: { cookie: cookieFor({ mf_content: TEAMMATE }) } });
  const policy = csp(mine.headers['content-security-policy']);
  expect(policy['script-src']).toContain('http://192.168.1.20:3003');
  expect(policy['connect-src']).toContain('ws://192.168.1.20:3003');
  expect(mine.body).toMatch(/<body><aside id="module-overrides" aria-label="Module overrides"/);
  expect(mine.body).toContain('<strong>mf_content</strong> overridden in this browser: http://192.168.1.20:3003/mf-manifest.json');
  expect(mine.body).toMatch(/<button type="submit"[^>]*>Reset overrides<\/button>/);
  expect(mine.body).not.toContain(PRELOAD);

  const other = await app.inject({ url: '/courses' });
  expect(csp(other.headers['content-security-policy'])['script-src']).not.toContain('http://192.168.1.20:3003');
  expect(other.body).not.toContain('module-overrides');
  expect(other.body).toContain(PRELOAD);
});

test('a bad cookie shows its message in the banner and the live registry', async () => {
  const cookie = cookieFor({ mf_nope: TEAMMATE });
  expect((await app.inject({ url: '/remotes.json', headers: { cookie } })).json()).toEqual(LIVE_FOR_VISITOR);
  expect((await app.inject({ url: '/', headers: { cookie } })).body).toContain('<li role="alert">Unknown module &quot;mf_nope&quot;');
});

test('without the development option the site server has no overrides at all', async () => {
  const plain = createSiteServer(root);
  try {
    const registry = await plain.inject({ url: '/remotes.json', headers: { cookie: cookieFor({ mf_content: TEAMMATE }) } });
    expect(registry.json()).toEqual(LIVE_FOR_VISITOR);
    // Only the app's page (every route is one), and no form is taken.
    expect((await plain.inject({ url: '/__overrides' })).body).not.toContain('Module overrides');
    expect((await plain.inject({ method: 'POST', url: '/__overrides', payload: 'module=mf_content' })).statusCode).toBe(405);
  } finally {
    await plain.close();
  }
});
