import { randomUUID } from 'node:crypto';
import type { Db } from '../db/db';
import type { ContentChanged } from '../lib/public-cache';
import { escapeLike, keysetSql, pageOf, searchWords, type KeysetOrder } from '../lib/keyset';

export interface BlogInput {
  title: string;
  imgUrl: string;
  author: string;
  category: string;
  content: string;
  description: string;
}

export interface BlogRecord extends BlogInput {
  id: string;
  createdAt: Date;
}

const SELECT = `SELECT id, title, img_url AS "imgUrl", author, category, content, description,
  created_at AS "createdAt" FROM blogs`;

export interface BlogPageQuery {
  limit: number;
  cursor?: string;
  category?: string;
  /** Every word appears in the title, the author or the category. */
  q?: string;
}

// Newest first, along blogs_created_id_idx read backwards (migration 011).
const NEWEST: KeysetOrder = { name: 'newest', descending: true, keys: [{ expr: 'created_at', type: 'timestamptz' }, { expr: 'id', type: 'uuid' }] };
/** The expression the trigram index of migration 011 covers, written the same way so the planner uses it. */
const WORDS = "lower(title || ' ' || author || ' ' || category)";

/** `changed` runs after every write, even a failed one (that only costs the next read a query). */
export function blogsRepository(db: Db, changed: ContentChanged = () => {}) {
  const writing = <T>(work: Promise<T>) => work.finally(() => changed('blog'));

  async function get(id: string): Promise<BlogRecord | null> {
    const rows = await db.query<BlogRecord>(`${SELECT} WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async function insert(input: BlogInput, createdAt: Date): Promise<BlogRecord> {
    const id = randomUUID();
    await db.query(
      `INSERT INTO blogs (id, title, img_url, author, category, content, description, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
      [id, input.title, input.imgUrl, input.author, input.category, input.content, input.description, createdAt],
    );
    return (await get(id))!;
  }

  /** Changes the given fields of a post; null when it does not exist. */
  async function update(id: string, input: Partial<BlogInput>): Promise<BlogRecord | null> {
    const columns: Record<keyof BlogInput, string> = {
      title: 'title', imgUrl: 'img_url', author: 'author', category: 'category', content: 'content', description: 'description',
    };
    const pairs = (Object.keys(columns) as (keyof BlogInput)[]).filter((key) => input[key] !== undefined)
      .map((key) => [columns[key], input[key]] as const);
    const sets = [...pairs.map(([column], i) => `${column} = $${i + 2}`), 'updated_at = now()'];
    const rows = await db.query<{ id: string }>(`UPDATE blogs SET ${sets.join(', ')} WHERE id = $1 RETURNING id`, [id, ...pairs.map(([, v]) => v)]);
    return rows.length ? get(id) : null;
  }

  async function remove(id: string): Promise<boolean> {
    const rows = await db.query('DELETE FROM blogs WHERE id = $1 RETURNING id', [id]);
    return rows.length > 0;
  }

  return {
    list(): Promise<BlogRecord[]> {
      return db.query<BlogRecord>(`${SELECT} ORDER BY created_at DESC, id`);
    },

    get,

    /** One page, newest first, with the total matching the filters. */
    async page(query: BlogPageQuery): Promise<{ items: BlogRecord[]; total: number; nextCursor: string | null }> {
      const where: string[] = [];
      const params: unknown[] = [];
      if (query.category) {
        params.push(query.category.toLowerCase());
        where.push(`lower(category) = $${params.length}`);
      }
      for (const word of searchWords(query.q ?? '')) {
        params.push(`%${escapeLike(word)}%`);
        where.push(`${WORDS} LIKE $${params.length}`);
      }
      const { sql, params: pageParams } = keysetSql({ select: SELECT, where, params, order: NEWEST, limit: query.limit, cursor: query.cursor });
      const [rows, counted] = await Promise.all([
        db.query<BlogRecord & Record<string, unknown>>(sql, pageParams),
        db.query<{ n: number }>(`SELECT count(*)::int AS n FROM blogs ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`, params),
      ]);
      const { rows: items, nextCursor } = pageOf(NEWEST, rows, query.limit);
      return { items, total: counted[0]!.n, nextCursor };
    },

    /** createdAt is the server's clock; only the seed passes its own dates. */
    create: (input: BlogInput, createdAt: Date = new Date()) => writing(insert(input, createdAt)),
    update: (id: string, input: Partial<BlogInput>) => writing(update(id, input)),
    delete: (id: string) => writing(remove(id)),

    async count(): Promise<number> {
      const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM blogs');
      return row!.n;
    },
  };
}

export type BlogsRepository = ReturnType<typeof blogsRepository>;
