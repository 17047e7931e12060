import { Type } from '@sinclair/typebox';
import type { RoutePlugin } from '../../lib/type-provider';

const SitemapEntries = Type.Object({
  entries: Type.Array(Type.Object({
    path: Type.String({ description: 'A site path: /courses/<id>, /quick-programs/<id>, /blog/<id>, or a list page' }),
    lastmod: Type.String({ format: 'date-time' }),
  })),
});

/**
 * The content half of the site's /sitemap.xml (the site server adds the fixed pages and writes the XML): read from
 * the database on every request, so a course an admin has just added or edited is in the next sitemap. Crawlers
 * ask rarely; one indexed scan of three small tables is cheap.
 */
const sitemapRoutes: RoutePlugin = async (app) => {
  app.get('/api/sitemap', {
    // Public pages only: what the site's /sitemap.xml lists.
    config: { public: true },
    schema: { tags: ['Site'], summary: 'Public content pages and when each last changed', response: { 200: SitemapEntries } },
  }, async (_request, reply) => {
    const rows = await app.repos.sitemap.entries();
    void reply.header('Cache-Control', 'no-cache');
    return { entries: rows.map((row) => ({ path: row.path, lastmod: new Date(row.lastmod).toISOString() })) };
  });
};

export default sitemapRoutes;
