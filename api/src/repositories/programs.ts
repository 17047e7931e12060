import { randomUUID } from 'node:crypto';
import type { Db } from '../db/db';
import type { ContentChanged } from '../lib/public-cache';
import { escapeLike, keysetSql, pageOf, searchWords, type KeysetOrder } from '../lib/keyset';

/** Courses and quick programs: one table, told apart by kind. */
export type ProgramKind = 'course' | 'quick_program';

export interface ProgramFields {
  title: string;
  imgUrl: string;
  priceCents: number;
  duration: string;
  totalHours: string;
  credential: string;
  preRequisite: string;
  certification: string;
}

/** Optional on write: defaulted on create, left unchanged by an update that omits them. */
export interface ProgramExtras {
  description?: string;
  content?: string | string[];
  calendarLength?: string | null;
  category?: string | null;
  featured?: boolean;
  introVideoUrl?: string | null;
}

export interface ProgramRecord extends ProgramFields {
  id: string;
  kind: ProgramKind;
  description: string;
  content: string | string[];
  calendarLength: string | null;
  category: string | null;
  featured: boolean;
  introVideoUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
}

// Property -> column; the only names ever placed in SQL text.
const COLUMNS: Record<keyof ProgramFields | keyof ProgramExtras, string> = {
  title: 'title',
  imgUrl: 'img_url',
  priceCents: 'price_cents',
  duration: 'duration',
  totalHours: 'total_hours',
  credential: 'credential',
  preRequisite: 'pre_requisite',
  certification: 'certification',
  description: 'description',
  content: 'content',
  calendarLength: 'calendar_length',
  category: 'category',
  featured: 'featured',
  introVideoUrl: 'intro_video_url',
};

const SELECT = `SELECT id, kind, ${Object.entries(COLUMNS)
  .map(([prop, column]) => `${column} AS "${prop}"`)
  .join(', ')}, created_at AS "createdAt", updated_at AS "updatedAt" FROM programs`;

export type CatalogSort = 'added' | 'name' | 'price-asc' | 'price-desc' | 'duration' | 'featured' | 'newest';

export interface CatalogPageQuery {
  limit: number;
  cursor?: string;
  sort: CatalogSort;
  category?: string;
  /** Every word appears in the title or the category. */
  q?: string;
  /** The title starts with this text (the header search). */
  startsWith?: string;
  /** Also name every category of the kind (a list page's first page, for its filter). */
  withCategories?: boolean;
}

const BY_ID = { expr: 'id', type: 'uuid' } as const;
const name = { expr: 'lower(title)', type: 'text' } as const;
// Each order is read along its own index of migration 011 (kind first); the id breaks ties.
const ORDERS: Record<CatalogSort, KeysetOrder> = {
  added: { name: 'added', keys: [{ expr: 'created_at', type: 'timestamptz' }, BY_ID] },
  name: { name: 'name', keys: [name, BY_ID] },
  'price-asc': { name: 'price-asc', keys: [{ expr: 'price_cents', type: 'integer' }, name, BY_ID] },
  'price-desc': { name: 'price-desc', keys: [{ expr: '(-price_cents)', type: 'integer' }, name, BY_ID] },
  duration: { name: 'duration', keys: [{ expr: 'duration_days(duration)', type: 'double precision' }, name, BY_ID] },
  // Featured first (false sorts before true), then as added: the home page's popular courses.
  featured: { name: 'featured', keys: [{ expr: '(NOT featured)', type: 'boolean' }, { expr: 'created_at', type: 'timestamptz' }, BY_ID] },
  // The admin list: what was just added on top; the "added" index read backwards.
  newest: { name: 'newest', keys: [{ expr: 'created_at', type: 'timestamptz' }, BY_ID], descending: true },
};
/**
 * The kind's categories, one index probe each along programs_kind_category_name_idx (a loose index scan): a
 * DISTINCT would read every row of the kind to find the few names.
 */
const CATEGORIES = `WITH RECURSIVE found AS (
    (SELECT category FROM programs WHERE kind = $1 AND category > '' ORDER BY category LIMIT 1)
    UNION ALL
    SELECT (SELECT category FROM programs WHERE kind = $1 AND category > found.category ORDER BY category LIMIT 1)
    FROM found WHERE found.category IS NOT NULL
  ) SELECT category FROM found WHERE category IS NOT NULL`;

/** The expression the trigram index of migration 011 covers, written the same way so the planner uses it. */
const WORDS = "lower(title || ' ' || coalesce(category, ''))";

function entries(input: Partial<ProgramFields & ProgramExtras>): [string, unknown][] {
  return (Object.keys(COLUMNS) as (keyof typeof COLUMNS)[])
    .filter((prop) => input[prop] !== undefined)
    .map((prop) => [COLUMNS[prop], prop === 'content' ? JSON.stringify(input[prop]) : input[prop]]);
}

/** `changed` runs after every write, even a failed one (that only costs the next read a query). */
export function programsRepository(db: Db, changed: ContentChanged = () => {}) {
  const writing = <T>(kind: ProgramKind, work: Promise<T>) => work.finally(() => changed(kind));

  async function get(kind: ProgramKind, id: string): Promise<ProgramRecord | null> {
    const rows = await db.query<ProgramRecord>(`${SELECT} WHERE kind = $1 AND id = $2`, [kind, id]);
    return rows[0] ?? null;
  }

  async function insert(kind: ProgramKind, input: ProgramFields & ProgramExtras, createdAt?: Date): Promise<ProgramRecord> {
    const pairs: [string, unknown][] = [['id', randomUUID()], ['kind', kind], ...entries(input)];
    if (createdAt) pairs.push(['created_at', createdAt]);
    const placeholders = pairs.map(([column], i) => (column === 'content' ? `$${i + 1}::jsonb` : `$${i + 1}`));
    const [row] = await db.query<{ id: string }>(
      `INSERT INTO programs (${pairs.map(([column]) => column).join(', ')}) VALUES (${placeholders.join(', ')}) RETURNING id`,
      pairs.map(([, value]) => value),
    );
    return (await get(kind, row!.id))!;
  }

  async function update(kind: ProgramKind, id: string, input: ProgramFields & ProgramExtras): Promise<ProgramRecord | null> {
    const pairs = entries(input);
    const sets = pairs.map(([column], i) => `${column} = $${i + 3}${column === 'content' ? '::jsonb' : ''}`);
    const rows = await db.query<{ id: string }>(
      `UPDATE programs SET ${sets.join(', ')}, updated_at = now() WHERE kind = $1 AND id = $2 RETURNING id`,
      [kind, id, ...pairs.map(([, value]) => value)],
    );
    return rows.length > 0 ? get(kind, id) : null;
  }

  async function remove(kind: ProgramKind, id: string): Promise<boolean> {
    const rows = await db.query('DELETE FROM programs WHERE kind = $1 AND id = $2 RETURNING id', [kind, id]);
    return rows.length > 0;
  }

  return {
    list(kind: ProgramKind): Promise<ProgramRecord[]> {
      return db.query<ProgramRecord>(`${SELECT} WHERE kind = $1 ORDER BY created_at, id`, [kind]);
    },

    get,

    /** One page in the asked order, with the total matching the filters and every category of the kind. */
    async page(kind: ProgramKind, query: CatalogPageQuery) {
      const where = ['kind = $1'];
      const params: unknown[] = [kind];
      if (query.category) {
        params.push(query.category.toLowerCase());
        where.push(`lower(category) = $${params.length}`);
      }
      for (const word of searchWords(query.q ?? '')) {
        params.push(`%${escapeLike(word)}%`);
        where.push(`${WORDS} LIKE $${params.length}`);
      }
      if (query.startsWith) {
        params.push(`${escapeLike(query.startsWith.toLowerCase())}%`);
        where.push(`lower(title) LIKE $${params.length}`);
      }
      const order = ORDERS[query.sort];
      const { sql, params: pageParams } = keysetSql({ select: SELECT, where, params, order, limit: query.limit, cursor: query.cursor });
      const [rows, counted, categories] = await Promise.all([
        db.query<ProgramRecord & Record<string, unknown>>(sql, pageParams),
        db.query<{ n: number }>(`SELECT count(*)::int AS n FROM programs WHERE ${where.join(' AND ')}`, params),
        query.withCategories ? db.query<{ category: string }>(CATEGORIES, [kind]) : Promise.resolve([]),
      ]);
      const { rows: items, nextCursor } = pageOf(order, rows, query.limit);
      return {
        items: items as ProgramRecord[], total: counted[0]!.n, nextCursor,
        ...(query.withCategories ? { categories: categories.map((row) => row.category) } : {}),
      };
    },

    /** A course or a quick program: payments accept either under one id. */
    async find(id: string): Promise<ProgramRecord | null> {
      const rows = await db.query<ProgramRecord>(`${SELECT} WHERE id = $1`, [id]);
      return rows[0] ?? null;
    },

    create: (kind: ProgramKind, input: ProgramFields & ProgramExtras, createdAt?: Date) => writing(kind, insert(kind, input, createdAt)),
    update: (kind: ProgramKind, id: string, input: ProgramFields & ProgramExtras) => writing(kind, update(kind, id, input)),
    delete: (kind: ProgramKind, id: string) => writing(kind, remove(kind, id)),

    async count(): Promise<number> {
      const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM programs');
      return row!.n;
    },

    /** How many of each kind there are, zero included. */
    async countByKind(): Promise<Record<ProgramKind, number>> {
      const rows = await db.query<{ kind: ProgramKind; n: number }>('SELECT kind, count(*)::int AS n FROM programs GROUP BY kind');
      const counts: Record<ProgramKind, number> = { course: 0, quick_program: 0 };
      for (const row of rows) counts[row.kind] = row.n;
      return counts;
    },
  };
}

export type ProgramsRepository = ReturnType<typeof programsRepository>;
