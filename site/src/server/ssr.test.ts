import type { FastifyInstance } from 'fastify';
import { createSiteServer } from './app';
import { SHELL_CSS, writeDeployFixture } from '../testing/deploy-fixture';
import { cspHash } from '../html';

let site: ReturnType<typeof writeDeployFixture>;
let app: FastifyInstance;
let warnings: string[];
const start = (vouched = true, shell = false) => {
  site = writeDeployFixture({ vouched, shell });
  warnings = [];
  app = createSiteServer(site.root, { renderer: { timeoutMs: 300, warn: (m) => warnings.push(m) } });
};
afterEach(async () => {
  await app.close();
  site.remove();
});
const get = (url: string) => app.inject({ method: 'GET', url });

describe('remote pages rendered on the server', () => {
  it('puts the remote\'s page in its slot, inert until its code runs, with its data and image preloads', async () => {
    start();
    const res = await get('/courses?category=it');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div data-remote-slot="mf_demo/Page" inert=""><h1>Rendered Page at /courses?category=it</h1>');
    expect(res.body).not.toContain('Loading');
    expect(res.body).toContain('<script type="application/json" id="ssr-state">{"slots":["mf_demo/Page"],"queries":[{"key":["x"],"data":1}]}</script><script type="application/json" id="site-data">');
    // The image preload moves to the head, before the page head; the code and data preloads go.
    expect(res.body).toMatch(/<meta charset="utf-8"><link rel="preload" as="image" href="\/a.jpg"><!--page-head-->/);
    expect(res.body).not.toContain('mf-manifest.json');
  });

  it('a page with its own head keeps the route\'s canonical URL and site name', async () => {
    start();
    const res = await get('/courses/42');
    expect(res.body).toContain('<title>Course &lt;1&gt; | NCI &amp; Co</title>');
    expect(res.body).toContain('<link rel="canonical" href="https://nci.test/courses/42">');
    expect(res.body).toContain('<meta property="og:site_name" content="NCI &amp; Co">');
  });

  it('a page about something that does not exist keeps its rendered page and answers 404', async () => {
    start();
    const res = await get('/courses/missing');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<h1>Rendered Page at /courses/missing</h1>');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    // Never a 304 for it, even to a browser holding the page's tag.
    const again = await app.inject({ method: 'GET', url: '/courses/missing', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(404);
  });

  it("a page of one person's data (a certificate by its code) is never kept by a shared cache, found or not", async () => {
    start();
    for (const [url, status] of [['/certificates/NCI-2026-0001', 200], ['/certificates/missing', 404]] as const) {
      const res = await get(url);
      expect([url, res.statusCode]).toEqual([url, status]);
      expect(res.body).toContain(`<h1>Rendered Page at ${url}</h1>`);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    // A public page rendered the same way keeps the deploy's rule (revalidated, shareable).
    expect((await get('/courses/42')).headers['cache-control']).toBe('no-cache, no-transform');
  });

  it("renders a route's remote page with the props the shell mounts it with", async () => {
    start();
    const res = await get('/advising');
    expect(res.body).toContain('<h1>Rendered Page at /advising</h1><p>props {"view":"book"}</p>');
    expect((await get('/courses')).body).not.toContain('<p>props');
  });

  it('a build the registry does not vouch for is not run: the page comes as prerendered', async () => {
    start(false);
    const res = await get('/courses');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<p>Loading</p>');
    expect(res.body).not.toContain('ssr-state');
    expect(warnings.join('\n')).toMatch(/is not the build the registry vouches for/);
  });

  it('a render that fails or takes too long serves the prerendered page', async () => {
    start();
    for (const url of ['/broken', '/slow']) {
      const res = await get(url);
      expect([url, res.statusCode]).toEqual([url, 200]);
      expect(res.body).toContain('<p>Loading</p>');
    }
    expect(warnings.join('\n')).toMatch(/the API is down/);
    expect(warnings.join('\n')).toMatch(/no answer within 300 ms/);
  });
});

describe('shell pages rendered per request with their data (an invoice by its code)', () => {
  it("puts the page in the first HTML with the state its first render reads, its styles inline, never in a shared cache", async () => {
    start(true, true);
    const res = await get('/invoices/ABC123/pay?token=x');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('<div id="root"><main class="shell_invoice_sheet"><h1>Invoice at /invoices/ABC123/pay?token=x</h1></main></div>'
      + '<script type="application/json" id="ssr-state">{"slots":[],"queries":{"queries":[{"queryKey":["invoices","code","/invoices/ABC123/pay?token=x"]}]}}</script>'
      + '<script type="application/json" id="site-data">');
    expect(res.body).not.toContain('Loading invoice...');
    expect(res.body).toContain(`<style data-href="/shell/9.9.9/page-invoice-pay.css">${SHELL_CSS}</style></head>`);
    expect(String(res.headers['content-security-policy'])).toContain(cspHash(SHELL_CSS));
  });

  it('an unknown code answers 404 with its rendered page, also kept out of shared caches', async () => {
    start(true, true);
    const res = await get('/invoices/missing/pay');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<p>Not found</p>');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('a render that fails or takes too long serves the prerendered page, still private; no shell build: the same', async () => {
    start(true, true);
    for (const url of ['/invoices/broken/pay', '/invoices/slow/pay']) {
      const res = await get(url);
      expect([url, res.statusCode]).toEqual([url, 200]);
      expect(res.body).toContain('<p>Loading invoice...</p>');
      expect(res.body).not.toContain('ssr-state');
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    expect(warnings.join('\n')).toMatch(/rendering \/invoices\/broken\/pay on the server failed.*the API is down/);
    await app.close();
    site.remove();
    start(true, false);
    const res = await get('/invoices/ABC123/pay');
    expect(res.body).toContain('<p>Loading invoice...</p>');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});

describe('sections of a page rendered on the server (decision 060)', () => {
  it('puts a section\'s markup in its slot with its data, and keeps the page\'s own preloads and head', async () => {
    start();
    const res = await get('/with-section');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<section><h2>Popular</h2><div data-remote-slot="mf_demo/Section" inert=""><h1>Rendered Section at /with-section</h1></div></section>');
    expect(res.body).not.toContain('Loading');
    // The browser hydrates it as it nears the viewport: a section, not a page whose code hydration waits for.
    expect(res.body).toContain('<script type="application/json" id="ssr-state">{"slots":[],"sections":["mf_demo/Section"],"queries":[{"key":["x"],"data":1}]}</script>');
    // Below the fold: no image preload of its own; the page's own preloads and title stay.
    expect(res.body).not.toContain('<link rel="preload" as="image"');
    expect(res.body).toContain('mf-manifest.json');
    expect(res.body).toContain('<title>Courses | NCI</title>');
  });

  it('a section the remote cannot render keeps its placeholder, and the page is served', async () => {
    start();
    const res = await get('/broken-section');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<p>Loading</p>');
    expect(res.body).not.toContain('ssr-state');
    expect(warnings.join('\n')).toMatch(/rendering \/broken-section on the server failed/);
  });
});

describe('search engine files', () => {
  it('robots.txt names the sitemap at the site\'s address', async () => {
    start();
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Disallow: /admin');
    expect(res.body).toContain('Sitemap: https://nci.test/sitemap.xml');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('the sitemap is a 503 while the API does not answer, never a sitemap without the courses', async () => {
    start();
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('60');
  });
});
