import type { Db, Queryable } from '../db/db';

export interface AgreementVersion { version: number; title: string; body: string; publishedAt: string }
export interface Acceptance { version: number; acceptedAt: string }

interface VersionRow { version: number; title: string; body: string; published_at: Date }
const toVersion = (row: VersionRow): AgreementVersion => ({
  version: row.version, title: row.title, body: row.body, publishedAt: new Date(row.published_at).toISOString(),
});

/** The enrollment agreement's versions (newest is current) and who accepted which (issue 29, decision 036). */
export function agreementsRepository(db: Db) {
  return {
    async current(): Promise<AgreementVersion | null> {
      const rows = await db.query<VersionRow>('SELECT version, title, body, published_at FROM agreement_versions ORDER BY version DESC LIMIT 1');
      return rows[0] ? toVersion(rows[0]) : null;
    },

    async versions(): Promise<AgreementVersion[]> {
      return (await db.query<VersionRow>('SELECT version, title, body, published_at FROM agreement_versions ORDER BY version DESC')).map(toVersion);
    },

    /** The next number under a table lock, so two admins publishing at once get two versions, never one error. */
    async publish(title: string, body: string, by: string): Promise<AgreementVersion> {
      return db.transaction(async (tx) => {
        await tx.query('LOCK TABLE agreement_versions IN EXCLUSIVE MODE');
        const rows = await tx.query<VersionRow>(
          `INSERT INTO agreement_versions (version, title, body, published_by)
           SELECT coalesce(max(version), 0) + 1, $1, $2, $3 FROM agreement_versions
           RETURNING version, title, body, published_at`, [title, body, by]);
        return toVersion(rows[0]!);
      });
    },

    /** Accepting the same version twice keeps the first time. */
    async accept(userId: string, version: number): Promise<Acceptance> {
      await db.query('INSERT INTO agreement_acceptances (user_id, version) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, version]);
      return (await this.latestOf(userId))!;
    },

    /**
     * The version a user must still accept before a seat is taken: null when none is published or the current one
     * is accepted (decision 036: enforced on every payment path that seats a student).
     */
    async owedBy(userId: string, q: Queryable = db): Promise<number | null> {
      const [row] = await q.query<{ version: number; accepted: boolean }>(
        `SELECT v.version, EXISTS (SELECT 1 FROM agreement_acceptances a WHERE a.user_id = $1 AND a.version = v.version) AS accepted
         FROM agreement_versions v ORDER BY v.version DESC LIMIT 1`, [userId]);
      return row && !row.accepted ? row.version : null;
    },

    async latestOf(userId: string): Promise<Acceptance | null> {
      const rows = await db.query<{ version: number; accepted_at: Date }>(
        'SELECT version, accepted_at FROM agreement_acceptances WHERE user_id = $1 ORDER BY version DESC LIMIT 1', [userId]);
      return rows[0] ? { version: rows[0].version, acceptedAt: new Date(rows[0].accepted_at).toISOString() } : null;
    },
  };
}
