import type { Db, Queryable } from '../db/db';
import type { Role, UserRecord } from './users';

export type UserSort = 'createdAt' | 'username' | 'email' | 'role';
export interface UserPageQuery {
  offset: number;
  limit: number;
  sort: UserSort;
  descending: boolean;
  /** Part of a username or email, any case. */
  q?: string;
  role?: Role;
}

// Sort key -> column: the only names placed in SQL text. The id breaks ties, so pages never overlap.
const ORDER: Record<UserSort, string> = { createdAt: 'created_at', username: 'lower(username)', email: 'lower(email)', role: 'role' };
const COLUMNS = 'id, username, email, role, created_at AS "createdAt", legal_name AS "legalName", phone';

export class LastAdminError extends Error {
  constructor() {
    super('The last admin cannot lose the role');
  }
}

/** `%`, `_` and `\` typed into a search box are literal characters, not patterns. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Locks every admin row until the transaction ends, so concurrent demotions or deletions of admins run one after
 * the other and each sees the others' result: two admins demoting each other at once cannot leave none.
 */
async function adminsLocked(tx: Queryable): Promise<string[]> {
  const rows = await tx.query<{ id: string }>("SELECT id FROM users WHERE role = 'admin' ORDER BY id FOR UPDATE");
  return rows.map((row) => row.id);
}

/** The admin's view of users: one page with the total, role changes and deletions that keep an admin. */
export function userAdminRepository(db: Db) {
  return {
    async page(query: UserPageQuery): Promise<{ items: UserRecord[]; total: number }> {
      const where: string[] = [];
      const params: unknown[] = [];
      if (query.q) {
        params.push(likePattern(query.q));
        where.push(`(username ILIKE $${params.length} OR email ILIKE $${params.length})`);
      }
      if (query.role) {
        params.push(query.role);
        where.push(`role = $${params.length}`);
      }
      const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const direction = query.descending ? 'DESC' : 'ASC';
      const [counted, items] = await Promise.all([
        db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users ${filter}`, params),
        db.query<UserRecord>(
          `SELECT ${COLUMNS} FROM users ${filter} ORDER BY ${ORDER[query.sort]} ${direction}, id ${direction}
           LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
          [...params, query.limit, query.offset],
        ),
      ]);
      return { items, total: counted[0]!.n };
    },

    /** The user with the new role, or null when there is no such user; LastAdminError when it would leave no admin. */
    setRole(id: string, role: Role): Promise<UserRecord | null> {
      return db.transaction(async (tx) => {
        const admins = await adminsLocked(tx);
        if (role === 'user' && admins.length === 1 && admins[0] === id) throw new LastAdminError();
        const rows = await tx.query<UserRecord>(`UPDATE users SET role = $2 WHERE id = $1 RETURNING ${COLUMNS}`, [id, role]);
        return rows[0] ?? null;
      });
    },

    /** Deletes a user; false when there is none; LastAdminError when they are the only admin. */
    delete(id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const admins = await adminsLocked(tx);
        if (admins.length === 1 && admins[0] === id) throw new LastAdminError();
        const rows = await tx.query('DELETE FROM users WHERE id = $1 RETURNING id', [id]);
        return rows.length > 0;
      });
    },
  };
}
