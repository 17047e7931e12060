import { randomUUID } from 'node:crypto';
import { uniqueViolation, type Db, type Queryable } from '../db/db';

export type Role = 'user' | 'admin';

export interface UserRecord {
  id: string;
  username: string;
  email: string;
  role: Role;
  createdAt: Date;
  /** As it goes on receipts and certificates; null: not given (the username stands in). */
  legalName: string | null;
  phone: string | null;
}

/** Only this type carries the hash, and only login and rehash read it. */
export interface UserWithHash extends UserRecord {
  passwordHash: string;
  tokenVersion: number;
}

/** What a request's token is checked against: the user now, and whether this token was revoked (logout). */
export interface SessionCheck extends UserRecord {
  tokenVersion: number;
  revoked: boolean;
}

export class DuplicateUserError extends Error {
  constructor(readonly field: 'email' | 'username') {
    super(`Duplicate ${field}`);
  }
}

const COLUMNS = 'id, username, email, role, created_at AS "createdAt", legal_name AS "legalName", phone';

export function usersRepository(db: Db) {
  return {
    async create(input: { username: string; email: string; passwordHash: string; role: Role }): Promise<string> {
      const id = randomUUID();
      try {
        await db.query('INSERT INTO users (id, username, email, password_hash, role) VALUES ($1, $2, $3, $4, $5)', [
          id, input.username, input.email, input.passwordHash, input.role,
        ]);
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint !== null) throw new DuplicateUserError(constraint.includes('username') ? 'username' : 'email');
        throw error;
      }
      return id;
    },

    async findByEmailWithHash(email: string): Promise<UserWithHash | null> {
      const rows = await db.query<UserWithHash>(
        `SELECT ${COLUMNS}, password_hash AS "passwordHash", token_version AS "tokenVersion" FROM users WHERE lower(email) = lower($1) AND erased_at IS NULL`,
        [email],
      );
      return rows[0] ?? null;
    },

    async findById(id: string, q: Queryable = db): Promise<UserRecord | null> {
      const rows = await q.query<UserRecord>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
      return rows[0] ?? null;
    },

    /** One query per authenticated request: the user, their token version, and whether the token id was revoked. */
    async findSession(id: string, jti: string): Promise<SessionCheck | null> {
      const rows = await db.query<SessionCheck>(
        `SELECT ${COLUMNS}, token_version AS "tokenVersion",
           EXISTS (SELECT 1 FROM revoked_tokens WHERE jti = $2) AS revoked
         FROM users WHERE id = $1`,
        [id, jti],
      );
      return rows[0] ?? null;
    },

    /** Signs the user out everywhere: every token issued before carries an older version. False: no such user. */
    async endAllSessions(id: string): Promise<boolean> {
      const rows = await db.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1 RETURNING id', [id]);
      return rows.length > 0;
    },

    list(): Promise<UserRecord[]> {
      return db.query<UserRecord>(`SELECT ${COLUMNS} FROM users ORDER BY created_at, id`);
    },

    async delete(id: string): Promise<boolean> {
      const rows = await db.query('DELETE FROM users WHERE id = $1 RETURNING id', [id]);
      return rows.length > 0;
    },

    async findByIdWithHash(id: string): Promise<UserWithHash | null> {
      const rows = await db.query<UserWithHash>(
        `SELECT ${COLUMNS}, password_hash AS "passwordHash", token_version AS "tokenVersion" FROM users WHERE id = $1`,
        [id],
      );
      return rows[0] ?? null;
    },

    /** A new password ends every session (decision 015's token_version); returns the new version, null: no user. */
    async setPasswordEndingSessions(id: string, passwordHash: string, q: Queryable = db): Promise<number | null> {
      const rows = await q.query<{ tokenVersion: number }>(
        'UPDATE users SET password_hash = $2, token_version = token_version + 1 WHERE id = $1 RETURNING token_version AS "tokenVersion"',
        [id, passwordHash],
      );
      return rows[0]?.tokenVersion ?? null;
    },

    /** The student's own contact details; null clears one. False: no such user. */
    async setContact(id: string, contact: { legalName: string | null; phone: string | null }): Promise<boolean> {
      const rows = await db.query('UPDATE users SET legal_name = $2, phone = $3 WHERE id = $1 RETURNING id', [id, contact.legalName, contact.phone]);
      return rows.length > 0;
    },

    async updatePasswordHash(id: string, passwordHash: string): Promise<void> {
      await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
