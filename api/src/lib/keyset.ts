import { badRequest } from './http-errors';

/** One column of a list's order: an SQL expression (never user text) and the type its cursor value is cast to. */
export interface OrderKey {
  expr: string;
  type: 'text' | 'integer' | 'double precision' | 'timestamptz' | 'uuid' | 'boolean';
}

/** A list's order: every key ascending (or every key descending); the last key is unique (the id). */
export interface KeysetOrder {
  name: string;
  keys: readonly OrderKey[];
  descending?: boolean;
}

export const INVALID_CURSOR = 'The cursor does not belong to this list; start again without it.';

/**
 * Cursors carry the last item's order values as text (SQL's own text form: timestamps keep their microseconds,
 * floats their exact value) and the order's name, so a cursor of another order is refused rather than misread.
 */
export function encodeCursor(order: KeysetOrder, values: readonly string[]): string {
  return Buffer.from(JSON.stringify([order.name, ...values])).toString('base64url');
}

function decodeCursor(order: KeysetOrder, cursor: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(INVALID_CURSOR);
  }
  const valid = Array.isArray(parsed) && parsed.length === order.keys.length + 1 && parsed[0] === order.name
    && parsed.every((value) => typeof value === 'string' && value.length <= 300);
  if (!valid) throw badRequest(INVALID_CURSOR);
  return (parsed as string[]).slice(1);
}

export interface KeysetQuery {
  /** `SELECT <columns> FROM <table>` */
  select: string;
  /** Filter conditions (already parameterised with `params`). */
  where: string[];
  params: unknown[];
  order: KeysetOrder;
  limit: number;
  cursor?: string;
}

/**
 * One page of a list by keyset: `WHERE (k1, k2, id) > (last values)`, read along the order's index, so the cost of
 * a page does not grow with how far the reader has scrolled, and items added meanwhile never shift a page.
 */
export function keysetSql({ select, where, params, order, limit, cursor }: KeysetQuery): { sql: string; params: unknown[] } {
  const conditions = [...where];
  const all = [...params];
  const direction = order.descending ? 'DESC' : 'ASC';
  if (cursor) {
    const values = decodeCursor(order, cursor);
    const placeholders = order.keys.map((key, i) => {
      all.push(values[i]);
      return `$${all.length}::${key.type}`;
    });
    conditions.push(`(${order.keys.map((key) => key.expr).join(', ')}) ${order.descending ? '<' : '>'} (${placeholders.join(', ')})`);
  }
  all.push(limit + 1);
  const keyColumns = order.keys.map((key, i) => `(${key.expr})::text AS "__key${i}"`).join(', ');
  const sql = `${select.replace(/^SELECT /, `SELECT ${keyColumns}, `)}
    ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
    ORDER BY ${order.keys.map((key) => `${key.expr} ${direction}`).join(', ')}
    LIMIT $${all.length}`;
  return { sql, params: all };
}

/** Splits the extra row read past the limit off into the next cursor. */
export function pageOf<T extends Record<string, unknown>>(order: KeysetOrder, rows: T[], limit: number): { rows: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const nextCursor = rows.length > limit && last
    ? encodeCursor(order, order.keys.map((_key, i) => String(last[`__key${i}`])))
    : null;
  return { rows: page, nextCursor };
}

/** `%`, `_` and `\` typed into a search box are literal characters, not patterns. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Search words: lower case, at most eight (each one narrows, so more add cost and no meaning). */
export const searchWords = (q: string) => q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
