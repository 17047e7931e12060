import type { Db, Queryable } from '../db/db';

/** Single-use reset tokens (decision 020); only their SHA-256 is stored. */
export function passwordResetsRepository(db: Db) {
  return {
    async create(tokenHash: string, userId: string, validMs: number, q: Queryable = db): Promise<void> {
      await q.query(
        "INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) VALUES ($1, $2, now() + $3::int * interval '1 millisecond')",
        [tokenHash, userId, validMs],
      );
    },

    /** The user a token may still reset (unused, unexpired), without using it: the new password is judged first. */
    async usableUser(tokenHash: string): Promise<string | null> {
      const rows = await db.query<{ userId: string }>(
        'SELECT user_id AS "userId" FROM password_reset_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()',
        [tokenHash],
      );
      return rows[0]?.userId ?? null;
    },

    /**
     * Uses the token, in the caller's transaction: a conditional update, so of two requests with one token only one
     * gets the user back. Every other open token of that user is used up with it.
     */
    async consume(tokenHash: string, q: Queryable): Promise<string | null> {
      const rows = await q.query<{ userId: string }>(
        `UPDATE password_reset_tokens SET used_at = now()
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id AS "userId"`,
        [tokenHash],
      );
      const userId = rows[0]?.userId ?? null;
      if (userId) await q.query('UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
      return userId;
    },

    /** Tokens that can no longer be used are kept a day (for support questions), then deleted. */
    async prune(): Promise<void> {
      await db.query("DELETE FROM password_reset_tokens WHERE expires_at < now() - interval '1 day'");
    },
  };
}

export type PasswordResetsRepository = ReturnType<typeof passwordResetsRepository>;
