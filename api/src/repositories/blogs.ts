import { randomUUID } from 'node:crypto';
import type { Db } from '../db/db';

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

export function blogsRepository(db: Db) {
  return {
    list(): Promise<BlogRecord[]> {
      return db.query<BlogRecord>(`${SELECT} ORDER BY created_at DESC, id`);
    },

    async get(id: string): Promise<BlogRecord | null> {
      const rows = await db.query<BlogRecord>(`${SELECT} WHERE id = $1`, [id]);
      return rows[0] ?? null;
    },

    /** createdAt is the server's clock; only the seed passes its own dates. */
    async create(input: BlogInput, createdAt: Date = new Date()): Promise<BlogRecord> {
      const id = randomUUID();
      await db.query(
        `INSERT INTO blogs (id, title, img_url, author, category, content, description, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [id, input.title, input.imgUrl, input.author, input.category, input.content, input.description, createdAt],
      );
      return (await this.get(id))!;
    },

    async delete(id: string): Promise<boolean> {
      const rows = await db.query('DELETE FROM blogs WHERE id = $1 RETURNING id', [id]);
      return rows.length > 0;
    },

    async count(): Promise<number> {
      const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM blogs');
      return row!.n;
    },
  };
}

export type BlogsRepository = ReturnType<typeof blogsRepository>;
