import type { Db } from '../db/db';

/** Expired rows are deleted on a revocation, at most this often per process: an expired token is refused anyway. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** Tokens ended by logout before their expiry (decision 015). */
export function revokedTokensRepository(db: Db) {
  let lastPruned = Number.NEGATIVE_INFINITY;
  return {
    /** Idempotent: revoking a token twice (a retried logout) changes nothing. */
    async revoke(jti: string, expiresAt: Date): Promise<void> {
      await db.query('INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, $2) ON CONFLICT (jti) DO NOTHING', [jti, expiresAt]);
      if (Date.now() - lastPruned >= PRUNE_EVERY_MS) {
        lastPruned = Date.now();
        await db.query('DELETE FROM revoked_tokens WHERE expires_at < now()');
      }
    },
  };
}

export type RevokedTokensRepository = ReturnType<typeof revokedTokensRepository>;
