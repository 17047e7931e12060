import { randomUUID } from 'node:crypto';
import type { Db } from '../db/db';
import { SEATED, SEATS_TAKEN } from './class-sessions';

export interface WaitlistRow {
  id: string;
  user: { id: string; username: string; email: string };
  position: number;
  joinedAt: string;
  offerExpiresAt: string | null;
}

/** Why joining is refused; the route words it. */
export type JoinRefusal = 'missing' | 'not-open' | 'seats-left' | 'seated';

const LIVE = `status IN ('waiting', 'offered')`;

/** A full session's waitlist in the admin's order (issue 29, decision 036); positions are 1..n among live entries. */
export function waitlistRepository(db: Db) {
  async function list(sessionId: string): Promise<WaitlistRow[]> {
    const rows = await db.query<{ id: string; userId: string; username: string; email: string; joinedAt: Date; offerExpiresAt: Date | null }>(
      `SELECT w.id, u.id AS "userId", u.username, u.email, w.joined_at AS "joinedAt", w.offer_expires_at AS "offerExpiresAt"
       FROM waitlist_entries w JOIN users u ON u.id = w.user_id
       WHERE w.session_id = $1 AND w.${LIVE} ORDER BY w.position, w.joined_at`, [sessionId]);
    return rows.map((r, index) => ({
      id: r.id, user: { id: r.userId, username: r.username, email: r.email }, position: index + 1,
      joinedAt: new Date(r.joinedAt).toISOString(), offerExpiresAt: r.offerExpiresAt ? new Date(r.offerExpiresAt).toISOString() : null,
    }));
  }

  return {
    list,

    /** Joins at the end, under the session's row lock; joining twice returns the place already held. */
    async join(sessionId: string, userId: string): Promise<WaitlistRow | JoinRefusal> {
      const outcome = await db.transaction(async (tx): Promise<{ refused: JoinRefusal } | { id: string }> => {
        const [session] = await tx.query<{ status: string; open: boolean; seats: number | null; taken: number }>(
          `SELECT s.status, s.enrollment_deadline >= current_date AS open, s.seats, ${SEATS_TAKEN} AS taken
           FROM class_sessions s WHERE s.id = $1 FOR UPDATE`, [sessionId]);
        if (!session) return { refused: 'missing' };
        if (session.status !== 'open' || !session.open) return { refused: 'not-open' };
        const seated = await tx.query(`SELECT 1 FROM enrollments WHERE session_id = $1 AND user_id = $2 AND status IN ${SEATED}`, [sessionId, userId]);
        if (seated.length > 0) return { refused: 'seated' };
        const [already] = await tx.query<{ id: string }>(`SELECT id FROM waitlist_entries WHERE session_id = $1 AND user_id = $2 AND ${LIVE}`, [sessionId, userId]);
        if (already) return { id: already.id };
        if (session.seats === null || session.taken < session.seats) return { refused: 'seats-left' };
        const newId = randomUUID();
        await tx.query(
          `INSERT INTO waitlist_entries (id, session_id, user_id, position)
           SELECT $1, $2, $3, coalesce(max(position), 0) + 1 FROM waitlist_entries WHERE session_id = $2 AND ${LIVE}`,
          [newId, sessionId, userId]);
        return { id: newId };
      });
      if ('refused' in outcome) return outcome.refused;
      return (await list(sessionId)).find((row) => row.id === outcome.id)!;
    },

    /** True when the student was waiting (or offered) and is now off the list. */
    async leave(sessionId: string, userId: string): Promise<boolean> {
      const rows = await db.query(`UPDATE waitlist_entries SET status = 'left', updated_at = now()
        WHERE session_id = $1 AND user_id = $2 AND ${LIVE} RETURNING id`, [sessionId, userId]);
      return rows.length > 0;
    },

    /** The admin's new order: every live entry exactly once, or nothing changes (false). */
    async reorder(sessionId: string, order: string[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.query('SELECT 1 FROM class_sessions WHERE id = $1 FOR UPDATE', [sessionId]);
        const live = (await tx.query<{ id: string }>(`SELECT id FROM waitlist_entries WHERE session_id = $1 AND ${LIVE}`, [sessionId])).map((r) => r.id);
        if (order.length !== live.length || new Set(order).size !== order.length || !order.every((id) => live.includes(id))) return false;
        for (const [index, id] of order.entries()) {
          await tx.query('UPDATE waitlist_entries SET position = $1, updated_at = now() WHERE id = $2', [index + 1, id]);
        }
        return true;
      });
    },
  };
}
