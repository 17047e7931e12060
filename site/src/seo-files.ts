import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { PAGES_DIR, PAGES_INDEX, readJson, type SiteConfig } from './deploy-folder';
import { escapeHtml } from './html';
import { absoluteUrl } from './pages/page-head';
import type { PageIndexEntry } from './pages/prerender';

/**
 * Paths crawlers are asked to leave alone: the admin panel (/admin and its /add-… pages, /payment), the profile and
 * the payment steps (/payment/:id, /payment-options, -success, -cancel); all need a session or an order anyway.
 */
const DISALLOW = ['/admin', '/add-', '/profile', '/payment'];
const API_TIMEOUT_MS = 3000;

export function robotsTxt(config: SiteConfig): string {
  const sitemap = absoluteUrl(config, '/sitemap.xml');
  return ['User-agent: *', ...DISALLOW.map((p) => `Disallow: ${p}`), '', ...(sitemap ? [`Sitemap: ${sitemap}`, ''] : [])].join('\n');
}

interface SitemapEntry { path: string; lastmod: string }

/** The fixed pages the shell's page table lists for the sitemap, each last changed when it was last published. */
function fixedPages(root: string): SitemapEntry[] {
  const dir = path.join(root, PAGES_DIR);
  const index = readJson<PageIndexEntry[]>(path.join(dir, PAGES_INDEX)) ?? [];
  return index.filter((page) => page.sitemap && !page.path.includes(':') && existsSync(path.join(dir, page.file)))
    .map((page) => ({ path: page.path, lastmod: statSync(path.join(dir, page.file)).mtime.toISOString() }));
}

/**
 * /sitemap.xml: every public page, course, program and post with its lastmod, made on request from the deploy
 * folder's page table and the API's content list (GET /api/sitemap), so it is current after every admin write.
 * Throws when the API does not answer: a sitemap without the content would tell crawlers the courses are gone.
 */
export async function sitemapXml(root: string, config: SiteConfig): Promise<string> {
  const res = await fetch(`${config.apiBaseUrl}/api/sitemap`, { signal: AbortSignal.timeout(API_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`GET /api/sitemap answered ${res.status}`);
  const { entries } = await res.json() as { entries: SitemapEntry[] };
  const byPath = new Map(fixedPages(root).map((page) => [page.path, page]));
  // A list page changes when its content does: the API's time wins over the page's publish time, when later.
  for (const entry of entries) {
    const page = byPath.get(entry.path);
    if (!page || entry.lastmod > page.lastmod) byPath.set(entry.path, entry);
  }
  const urls = [...byPath.values()].map(({ path: p, lastmod }) =>
    `<url><loc>${escapeHtml(absoluteUrl(config, p) ?? p)}</loc><lastmod>${escapeHtml(lastmod)}</lastmod></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
