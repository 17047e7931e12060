import { randomUUID } from 'node:crypto';
import type { Db } from '../db/db';
import type { ContentChanged } from '../lib/public-cache';
import { escapeLike, keysetSql, pageOf, searchWords, type KeysetOrder } from '../lib/keyset';

export interface GalleryInput {
  title: string;
  description: string;
  imagePath: string;
  width: number;
  height: number;
}

export interface GalleryRecord extends GalleryInput {
  id: string;
  createdAt: Date;
}

const SELECT = `SELECT id, title, description, image_path AS "imagePath", width, height,
  created_at AS "createdAt" FROM gallery_images`;

export type GallerySort = 'newest' | 'oldest' | 'title';

const BY_ID = { expr: 'id', type: 'uuid' } as const;
const ADDED = { expr: 'created_at', type: 'timestamptz' } as const;
const ORDERS: Record<GallerySort, KeysetOrder> = {
  // Newest first, along gallery_created_id_idx read backwards (migration 011); oldest first reads it forwards.
  newest: { name: 'newest', descending: true, keys: [ADDED, BY_ID] },
  oldest: { name: 'oldest', keys: [ADDED, BY_ID] },
  // No index: a sort of the few thousand titles (measured in decision 033) costs less than keeping one.
  title: { name: 'title', keys: [{ expr: 'lower(title)', type: 'text' }, BY_ID] },
};

/** What a search looks in: an image has no other text. */
const WORDS = "lower(title || ' ' || description)";

export interface GalleryPageQuery {
  limit: number;
  cursor?: string;
  sort?: GallerySort;
  /** Every word appears in the title or the description. */
  q?: string;
}

/** `changed` runs after every write, even a failed one (that only costs the next read a query). */
export function galleryRepository(db: Db, changed: ContentChanged = () => {}) {
  const writing = <T>(work: Promise<T>) => work.finally(() => changed('gallery'));

  async function get(id: string): Promise<GalleryRecord | null> {
    const rows = await db.query<GalleryRecord>(`${SELECT} WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async function insert(input: GalleryInput, createdAt: Date): Promise<GalleryRecord> {
    const id = randomUUID();
    await db.query(
      `INSERT INTO gallery_images (id, title, description, image_path, width, height, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
      [id, input.title, input.description, input.imagePath, input.width, input.height, createdAt],
    );
    return (await get(id))!;
  }

  /** Changes an image's title and description (the file itself is replaced by a new upload); null when absent. */
  async function update(id: string, input: { title: string; description: string }): Promise<GalleryRecord | null> {
    const rows = await db.query<{ id: string }>(
      'UPDATE gallery_images SET title = $2, description = $3, updated_at = now() WHERE id = $1 RETURNING id',
      [id, input.title, input.description],
    );
    return rows.length ? get(id) : null;
  }

  async function remove(id: string): Promise<GalleryRecord | null> {
    const rows = await db.query<GalleryRecord>(
      `DELETE FROM gallery_images WHERE id = $1
       RETURNING id, title, description, image_path AS "imagePath", width, height, created_at AS "createdAt"`,
      [id],
    );
    return rows[0] ?? null;
  }

  return {
    list(): Promise<GalleryRecord[]> {
      return db.query<GalleryRecord>(`${SELECT} ORDER BY created_at DESC, id`);
    },

    get,

    /** One page in the asked order (newest first by default), with the total matching the words. */
    async page(query: GalleryPageQuery): Promise<{ items: GalleryRecord[]; total: number; nextCursor: string | null }> {
      const where: string[] = [];
      const params: unknown[] = [];
      for (const word of searchWords(query.q ?? '')) {
        params.push(`%${escapeLike(word)}%`);
        where.push(`${WORDS} LIKE $${params.length}`);
      }
      const order = ORDERS[query.sort ?? 'newest'];
      const { sql, params: pageParams } = keysetSql({ select: SELECT, where, params, order, limit: query.limit, cursor: query.cursor });
      const filter = where.length ? ` WHERE ${where.join(' AND ')}` : '';
      const [rows, counted] = await Promise.all([
        db.query<GalleryRecord & Record<string, unknown>>(sql, pageParams),
        db.query<{ n: number }>(`SELECT count(*)::int AS n FROM gallery_images${filter}`, params),
      ]);
      const { rows: items, nextCursor } = pageOf(order, rows, query.limit);
      return { items, total: counted[0]!.n, nextCursor };
    },

    /** Whether an image, course, program or post still shows this stored file (generated volumes share a few). */
    async fileInUse(imagePath: string): Promise<boolean> {
      const rows = await db.query(
        `SELECT 1 FROM gallery_images WHERE image_path = $1
         UNION ALL SELECT 1 FROM programs WHERE img_url = $1
         UNION ALL SELECT 1 FROM blogs WHERE img_url = $1 LIMIT 1`,
        [imagePath],
      );
      return rows.length > 0;
    },

    create: (input: GalleryInput, createdAt: Date = new Date()) => writing(insert(input, createdAt)),
    update: (id: string, input: { title: string; description: string }) => writing(update(id, input)),
    /** Returns the removed row so the caller can delete its file. */
    delete: (id: string) => writing(remove(id)),

    async count(): Promise<number> {
      const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM gallery_images');
      return row!.n;
    },
  };
}

export type GalleryRepository = ReturnType<typeof galleryRepository>;
