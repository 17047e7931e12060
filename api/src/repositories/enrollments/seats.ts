import type { Db, Queryable } from '../../db/db';
import { SEATED } from '../class-sessions';
import { addEvent } from './events';
import { hold } from './hold';
import type { EnrollmentStatus } from './types';

/** Seats: holding one for a payment, giving it back, and seating the student when the payment completes. */
export function enrollmentsRepository(db: Db) {
  return {
    addEvent,
    hold,

    /** hold() in a transaction of its own. */
    holdSeat: (userId: string, sessionId: string, holdMs: number) => db.transaction((tx) => hold(tx, userId, sessionId, holdMs)),

    /** The user's seated enrollment in any session of the program: later payments are balance payments on it. */
    async seatedIn(userId: string, programId: string, q: Queryable = db): Promise<{ id: string; sessionId: string } | null> {
      const rows = await q.query<{ id: string; sessionId: string }>(
        `SELECT e.id, e.session_id AS "sessionId" FROM enrollments e JOIN class_sessions s ON s.id = e.session_id
         WHERE e.user_id = $1 AND s.program_id = $2 AND e.status IN ${SEATED} ORDER BY e.created_at LIMIT 1`, [userId, programId]);
      return rows[0] ?? null;
    },

    /** The user's pending enrollment in the program whose hold is live (a payment in progress), if any. */
    async liveHoldIn(userId: string, programId: string, q: Queryable = db): Promise<{ id: string; sessionId: string } | null> {
      const rows = await q.query<{ id: string; sessionId: string }>(
        `SELECT e.id, e.session_id AS "sessionId" FROM enrollments e JOIN class_sessions s ON s.id = e.session_id
         WHERE e.user_id = $1 AND s.program_id = $2 AND e.status = 'pending' AND e.hold_expires_at > now()
         ORDER BY e.hold_expires_at DESC LIMIT 1`, [userId, programId]);
      return rows[0] ?? null;
    },

    /** Open sessions of a program a new student could still enroll in, earliest first. */
    async enrollableSessions(programId: string, q: Queryable = db): Promise<string[]> {
      const rows = await q.query<{ id: string }>(
        `SELECT id FROM class_sessions WHERE program_id = $1 AND status = 'open' AND enrollment_deadline >= current_date
         ORDER BY starts_on, id`, [programId]);
      return rows.map((row) => row.id);
    },

    /**
     * Gives a held seat back at once (its payment was cancelled), unless another open payment still counts on it.
     * The pending row stays, expired, and is renewed by the student's next hold.
     */
    async release(enrollmentId: string): Promise<void> {
      await db.query(
        `UPDATE enrollments SET hold_expires_at = now() - interval '1 second', updated_at = now()
         WHERE id = $1 AND status = 'pending'
           AND NOT EXISTS (SELECT 1 FROM payments WHERE enrollment_id = $1 AND status = 'CREATED')`, [enrollmentId]);
    },

    /** A hold refused at the capture (the agreement changed): given back at once, whatever order is still open. */
    async releaseHold(enrollmentId: string): Promise<void> {
      await db.query(`UPDATE enrollments SET hold_expires_at = now() - interval '1 second', updated_at = now()
        WHERE id = $1 AND status = 'pending'`, [enrollmentId]);
    },

    async isSeated(enrollmentId: string): Promise<boolean> {
      return (await db.query(`SELECT 1 FROM enrollments WHERE id = $1 AND status IN ${SEATED}`, [enrollmentId])).length > 0;
    },

    /**
     * In the transaction that completes a payment of the enrollment: a pending seat becomes the enrollment, and
     * the status follows the balance (enrolled while money is due, paid in full when none is). The seat is taken
     * under the agreement version the student accepted last (every seating path requires the current one), and a
     * waitlist place or offer of the student in that session is fulfilled.
     */
    async paymentCompleted(q: Queryable, enrollmentId: string, dueCents: number): Promise<void> {
      const next: EnrollmentStatus = dueCents > 0 ? 'enrolled' : 'paid_in_full';
      const rows = await q.query<{ id: string; sessionId: string; userId: string }>(
        `UPDATE enrollments e SET status = $2, hold_expires_at = NULL, updated_at = now(),
           agreement_version = CASE WHEN e.status = 'pending' THEN a.version ELSE e.agreement_version END,
           agreement_accepted_at = CASE WHEN e.status = 'pending' THEN a.accepted_at ELSE e.agreement_accepted_at END
         FROM (SELECT 1) AS one
         LEFT JOIN LATERAL (SELECT version, accepted_at FROM agreement_acceptances
           WHERE user_id = (SELECT user_id FROM enrollments WHERE id = $1) ORDER BY version DESC LIMIT 1) a ON true
         WHERE e.id = $1 AND (e.status = 'pending' OR (e.status = 'enrolled' AND $2 = 'paid_in_full'))
         RETURNING e.id, e.session_id AS "sessionId", e.user_id AS "userId"`, [enrollmentId, next]);
      const [row] = rows;
      if (!row) return;
      await addEvent(q, enrollmentId, next, null, next === 'enrolled' ? 'Payment received; a balance is due.' : 'Paid in full.');
      await q.query(`UPDATE waitlist_entries SET status = 'enrolled', updated_at = now()
        WHERE session_id = $1 AND user_id = $2 AND status IN ('waiting', 'offered')`, [row.sessionId, row.userId]);
    },
  };
}

export type EnrollmentsRepository = ReturnType<typeof enrollmentsRepository>;
