import { expect, test, type APIRequestContext } from '@playwright/test';
import { createCourse, deleteCourse, listBlogs, listCourses } from '../support/api';

/** The first HTML response of a page, as a crawler receives it (no script run). */
const firstHtml = async (request: APIRequestContext, path: string) => {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return response.text();
};
const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1]?.replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/&quot;/g, '"');
const title = (html: string) => attr(html, /<title>([^<]*)<\/title>/);
const description = (html: string) => attr(html, /<meta name="description" content="([^"]*)"/);
const canonical = (html: string) => attr(html, /<link rel="canonical" href="([^"]*)"/);
const og = (html: string, name: string) => attr(html, new RegExp(`<meta property="og:${name}" content="([^"]*)"`));
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));

test.describe('search engines read each page from its first HTML', () => {
  test('each public page has its own title, description, canonical URL and Open Graph tags; home describes the school', async ({ request, baseURL }) => {
    const site = new URL(baseURL!).origin;
    const seen = new Set<string>();
    for (const path of ['/', '/courses', '/quick-programs', '/blog', '/gallery', '/about', '/contact']) {
      const html = await firstHtml(request, path);
      expect(description(html), path).toBeTruthy();
      expect(seen.has(description(html)!), `${path} description is its own`).toBe(false);
      seen.add(description(html)!);
      expect(canonical(html), path).toBe(`${site}${path}`);
      expect(og(html, 'url'), path).toBe(`${site}${path}`);
      expect(og(html, 'title'), path).toBe(title(html));
      expect(html.match(/<meta name="description"/g), `${path}: one description`).toHaveLength(1);
    }
    const [org] = jsonLd(await firstHtml(request, '/'));
    expect(org).toMatchObject({ '@context': 'https://schema.org', '@type': 'EducationalOrganization', name: 'Northbridge Career Institute', url: `${site}/` });
  });

  test('a course page carries its own title and description and Course JSON-LD with provider and price', async ({ request, page, baseURL }) => {
    const course = (await listCourses()).find((c) => c.title === 'Pharmacy Technician')!;
    const html = await firstHtml(request, `/courses/${course._id}`);
    expect(title(html)).toBe('Pharmacy Technician | Northbridge Career Institute');
    expect(canonical(html)).toBe(`${new URL(baseURL!).origin}/courses/${course._id}`);
    expect(og(html, 'image')).toBe(course.imgUrl);
    const [data] = jsonLd(html);
    expect(data).toMatchObject({
      '@type': 'Course', name: 'Pharmacy Technician',
      provider: { '@type': 'EducationalOrganization', name: 'Northbridge Career Institute' },
      offers: { '@type': 'Offer', price: course.price.toFixed(2), priceCurrency: 'USD' },
    });
    expect(data.description).toBe(description(html));
    expect(data.description.length).toBeGreaterThan(20);
    // The structured data is data, not code: the page runs under its CSP without a violation.
    const violations: string[] = [];
    page.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) violations.push(m.text()); });
    await page.goto(`/courses/${course._id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Pharmacy Technician' })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('a post carries BlogPosting JSON-LD', async ({ request }) => {
    const [post] = await listBlogs();
    const [data] = jsonLd(await firstHtml(request, `/blog/${post!._id}`));
    expect(data).toMatchObject({ '@type': 'BlogPosting', headline: post!.title, author: { name: post!.author }, datePublished: post!.createdAt });
  });

  test('the static policy copies the footer links name their app route as canonical, the URL the sitemap lists', async ({ request, baseURL }) => {
    const site = new URL(baseURL!).origin;
    const xml = await (await request.get('/sitemap.xml')).text();
    for (const route of ['/privacy-policy', '/terms-and-conditions']) {
      const copy = await request.get(`${route}.html`);
      expect(copy.status(), `${route}.html`).toBe(200);
      const html = await copy.text();
      expect(canonical(html), `${route}.html`).toBe(`${site}${route}`);
      expect(html.match(/<link rel="canonical"/g), `${route}.html: one canonical`).toHaveLength(1);
      // The app route says the same of itself: one URL for the text, and that is the one in the sitemap.
      expect(canonical(await firstHtml(request, route)), route).toBe(`${site}${route}`);
      expect(xml).toContain(`<loc>${site}${route}</loc>`);
      expect(xml).not.toContain(`<loc>${site}${route}.html</loc>`);
    }
  });

  test('the sitemap lists a course created a moment ago and drops it once deleted; robots.txt points to it', async ({ request, baseURL }) => {
    const site = new URL(baseURL!).origin;
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${site}/sitemap.xml`);
    for (const path of ['/admin', '/profile', '/payment']) expect(robots).toContain(`Disallow: ${path}`);

    const course = await createCourse({ title: `Sitemap Course ${Date.now()}` });
    try {
      const response = await request.get('/sitemap.xml');
      expect(response.headers()['content-type']).toMatch(/^application\/xml/);
      const xml = await response.text();
      const entry = new RegExp(`<url><loc>${site}/courses/${course._id}</loc><lastmod>([^<]+)</lastmod></url>`).exec(xml);
      expect(entry, 'the new course').not.toBeNull();
      expect(Date.now() - Date.parse(entry![1]!)).toBeLessThan(5 * 60_000);
      for (const path of ['/', '/courses', '/quick-programs', '/blog', '/gallery', '/about']) expect(xml).toContain(`<loc>${site}${path}</loc>`);
      expect(xml).not.toMatch(/<loc>[^<]*\/(admin|profile|payment|login)/);
    } finally {
      await deleteCourse(course._id);
    }
    expect(await (await request.get('/sitemap.xml')).text()).not.toContain(course._id);
  });
});
