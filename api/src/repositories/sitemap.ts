import type { Db } from '../db/db';

export interface SitemapEntry {
  path: string;
  lastmod: Date;
}

/**
 * Every public content page with the time it last changed, read in one statement so the sitemap is one snapshot:
 * each course, program and post, and each list page (its newest change; a list with no items is left out).
 */
const SQL = `
  WITH items AS (
    SELECT CASE kind WHEN 'course' THEN '/courses' ELSE '/quick-programs' END AS list, id::text AS id, updated_at AS at
      FROM programs
    UNION ALL SELECT '/blog', id::text, updated_at FROM blogs
    UNION ALL SELECT '/gallery', NULL, updated_at FROM gallery_images
  )
  SELECT list || '/' || id AS path, at AS lastmod FROM items WHERE id IS NOT NULL
  UNION ALL SELECT list, max(at) FROM items GROUP BY list
  ORDER BY path`;

export function sitemapRepository(db: Db) {
  return {
    entries: () => db.query<SitemapEntry>(SQL),
  };
}
