import type { FastifyInstance } from 'fastify';
import { createSiteServer } from './app';
import { writeDeployFixture } from '../testing/deploy-fixture';

let site: ReturnType<typeof writeDeployFixture>;
let app: FastifyInstance;
let warnings: string[];
const start = (vouched = true) => {
  site = writeDeployFixture({ vouched });
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
