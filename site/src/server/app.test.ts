import { readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ASSET_POLICY } from './security-headers';
import { createSiteServer } from './app';
import { CHUNK, CHUNK_TEXT, writeDeployFixture } from '../testing/deploy-fixture';

let site: ReturnType<typeof writeDeployFixture>;
let app: FastifyInstance;
const warnings: string[] = [];
beforeEach(() => {
  site = writeDeployFixture();
  app = createSiteServer(site.root, { renderer: { timeoutMs: 300, warn: (m) => warnings.push(m) } });
});
afterEach(async () => {
  await app.close();
  site.remove();
});
const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const csp = (header: unknown) => Object.fromEntries(String(header).split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name, sources]));

describe('security headers', () => {
  it('a route gets the site policy from site-headers.json, with its inline styles by hash', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    const policy = csp(res.headers['content-security-policy']);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(expect.arrayContaining(["'self'", 'http://api.test']));
    expect(policy['report-uri']).toEqual(['http://api.test/api/csp-reports']);
    expect(policy['style-src-elem']).toEqual(["'self'", expect.stringMatching(/^'sha256-/)]);
    expect(res.headers).toMatchObject({ 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin', 'cross-origin-opener-policy': 'same-origin-allow-popups' });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('a module file can do nothing as a document and may be read from another origin; config.json may not', async () => {
    const chunk = await get(CHUNK);
    expect(chunk.headers['content-security-policy']).toBe(ASSET_POLICY);
    expect(chunk.headers['access-control-allow-origin']).toBe('*');
    expect(chunk.headers['permissions-policy']).toBeUndefined();
    const config = await get('/config.json');
    expect(config.headers['content-security-policy']).toBe(ASSET_POLICY);
    expect(config.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('without site-headers.json the strictest policy applies', async () => {
    rmSync(path.join(site.root, 'site-headers.json'));
    expect((await get('/')).headers['content-security-policy']).toBe("default-src 'self'; frame-ancestors 'none'");
  });

  it('HSTS only when the request came over https (as nginx says)', async () => {
    expect((await get('/', { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('only GET and HEAD', async () => {
    const res = await app.inject({ method: 'POST', url: '/', payload: 'x' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });
});

describe('caching', () => {
  it('hashed files are cached for a year, entries and registries never', async () => {
    expect((await get(CHUNK)).headers['cache-control']).toBe('public, max-age=31536000, immutable, no-transform');
    for (const url of ['/mf-demo/1.0.0/remoteEntry.js', '/mf-demo/1.0.0/mf-manifest.json', '/config.json', '/', '/about-us']) {
      expect([url, (await get(url)).headers['cache-control']]).toEqual([url, 'no-cache, no-transform']);
    }
    // Each visitor's own (a preview, a canary: decision 039).
    expect((await get('/remotes.json')).headers['cache-control']).toBe('private, no-cache, no-transform');
  });

  it('a file and a page answer 304 to their own ETag', async () => {
    for (const url of [CHUNK, '/', '/courses']) {
      const first = await get(url);
      expect(first.headers.etag).toBeTruthy();
      const again = await get(url, { 'if-none-match': String(first.headers.etag) });
      expect([url, again.statusCode, again.body]).toEqual([url, 304, '']);
    }
  });

  it('the site\'s own content types', async () => {
    expect((await get(CHUNK, { 'accept-encoding': 'br' })).headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await get('/config.json')).headers['content-type']).toBe('application/json; charset=utf-8');
    expect((await get('/')).headers['content-type']).toBe('text/html; charset=utf-8');
  });
});

describe('encodings', () => {
  it('sends the twin made at publish: brotli, else gzip, else the file', async () => {
    const br = await get(CHUNK, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(readFileSync(path.join(site.root, `${CHUNK}.br`)))).toBe(true);
    const gz = await get(CHUNK, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(readFileSync(path.join(site.root, `${CHUNK}.gz`)))).toBe(true);
    const plain = await get(CHUNK);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(CHUNK_TEXT);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('compresses a page made on request', async () => {
    const res = await get('/courses', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('not found', () => {
  it('a missing asset is a 404, a route without a page gets the shell', async () => {
    const missing = await get('/mf-demo/1.0.0/nope.js');
    expect([missing.statusCode, missing.body]).toEqual([404, 'Not found']);
    const route = await get('/about-us');
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('<div id="root"></div>');
  });

  it('source maps and server builds are never served', async () => {
    for (const url of [`${CHUNK}.map`, '/mf-demo/1.0.0/ssr/prerender.cjs']) expect([url, (await get(url)).statusCode]).toEqual([url, 404]);
  });

  it('no path leads out of the deploy folder', async () => {
    const outside = path.join(path.dirname(site.root), `${path.basename(site.root)}-secret.txt`);
    writeFileSync(outside, 'the secret');
    try {
      const name = path.basename(outside);
      for (const url of [`/..%2f${name}`, `/%2e%2e/${name}`, `/mf-demo/..%2f..%2f..%2f${name}`, `/../${name}`, `/mf-demo/%2e%2e%2f%2e%2e%2f${name}`]) {
        const res = await get(url);
        expect([url, res.statusCode, res.body]).toEqual([url, 404, 'Not found']);
      }
    } finally {
      rmSync(outside);
    }
  });

  it('a URL that does not decode is a bad request', async () => {
    expect((await get('/%E0%A4%A')).statusCode).toBe(400);
  });
});

it('names Accept-Encoding in Vary once, whatever the encoding', async () => {
  for (const encoding of ['br', 'gzip', 'identity']) {
    for (const url of ['/courses', CHUNK, '/remotes.json']) {
      const vary = String((await get(url, { 'accept-encoding': encoding })).headers.vary);
      expect([url, encoding, vary.toLowerCase().split(/,\s*/).filter((v) => v === 'accept-encoding').length]).toEqual([url, encoding, 1]);
    }
  }
});

it('HEAD answers the headers of GET without a body', async () => {
  for (const url of ['/', CHUNK, '/remotes.json']) {
    const [head, full] = [await app.inject({ method: 'HEAD', url }), await get(url)];
    expect([url, head.statusCode, head.body]).toEqual([url, 200, '']);
    expect(head.headers.etag).toBe(full.headers.etag);
    expect(head.headers['content-security-policy']).toBe(full.headers['content-security-policy']);
  }
});

it('a registry change (site-headers.json rewritten) takes effect on the next request', async () => {
  const file = path.join(site.root, 'site-headers.json');
  const policy = JSON.parse(readFileSync(file, 'utf8'));
  policy.directives['script-src'].push('https://cdn.nci.test');
  writeFileSync(file, JSON.stringify(policy));
  const later = new Date(Date.now() + 5000);
  utimesSync(file, later, later);
  expect(csp((await get('/')).headers['content-security-policy'])['script-src']).toEqual(["'self'", 'https://cdn.nci.test']);
});
