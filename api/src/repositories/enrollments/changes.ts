import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/db';
import { addEvent, LIVE } from './events';
import type { EnrollmentStatus, TransferRefusal } from './types';
import { withdrawIn } from './withdraw';

/** The admin's changes of an enrollment. */
export function enrollmentChanges(db: Db) {
  return {
    withdraw: (id: string, byUserId: string | null, note: string) => db.transaction((tx) => withdrawIn(tx, id, byUserId, note)),

    /**
     * Moves a seated enrollment to another session of the same course in one transaction: both sessions' rows are
     * locked (in id order, so two opposite transfers cannot deadlock), the target's seats counted, a new enrollment
     * made there with the same status and agreement, the old one marked transferred, and its payments follow.
     */
    async transfer(id: string, targetId: string, byUserId: string): Promise<{ ok: true; enrollmentId: string; fromSessionId: string } | { ok: false; refusal: TransferRefusal; taken?: number }> {
      return db.transaction(async (tx) => {
        const [current] = await tx.query<{ sessionId: string | null; userId: string; status: EnrollmentStatus; programTitle: string; agreementVersion: number | null; acceptedAt: Date | null }>(
          `SELECT session_id AS "sessionId", user_id AS "userId", status, program_title AS "programTitle", agreement_version AS "agreementVersion",
             agreement_accepted_at AS "acceptedAt" FROM enrollments WHERE id = $1`, [id]);
        if (!current) return { ok: false, refusal: 'missing' };
        if (!current.sessionId || !['enrolled', 'paid_in_full'].includes(current.status)) return { ok: false, refusal: 'not-seated' };
        if (current.sessionId === targetId) return { ok: false, refusal: 'same-session' };
        const locked = await tx.query<{ id: string; programId: string; status: string; seats: number | null; startsOn: string }>(
          `SELECT id, program_id AS "programId", status, seats, to_char(starts_on, 'YYYY-MM-DD') AS "startsOn"
           FROM class_sessions WHERE id IN ($1, $2) ORDER BY id FOR UPDATE`, [current.sessionId, targetId]);
        const from = locked.find((s) => s.id === current.sessionId);
        const to = locked.find((s) => s.id === targetId);
        if (!to || !from) return { ok: false, refusal: 'missing' };
        if (to.programId !== from.programId) return { ok: false, refusal: 'other-program' };
        if (to.status === 'cancelled') return { ok: false, refusal: 'cancelled' };
        const [there] = await tx.query(`SELECT 1 FROM enrollments WHERE session_id = $1 AND user_id = $2 AND status IN ('enrolled', 'paid_in_full', 'completed')`, [targetId, current.userId]);
        if (there) return { ok: false, refusal: 'already-there' };
        if (to.seats !== null) {
          const [{ taken }] = (await tx.query<{ taken: number }>(
            `SELECT count(*)::int AS taken FROM enrollments e WHERE e.session_id = $1 AND e.user_id <> $2 AND ${LIVE}`, [targetId, current.userId])) as [{ taken: number }];
          if (taken >= to.seats) return { ok: false, refusal: 'full', taken };
        }
        // A pending hold of the student in the target session gives way to the transferred seat.
        await tx.query(`UPDATE enrollments SET status = 'withdrawn', hold_expires_at = NULL WHERE session_id = $1 AND user_id = $2 AND status = 'pending'`, [targetId, current.userId]);
        await tx.query(`UPDATE enrollments SET status = 'transferred', updated_at = now() WHERE id = $1`, [id]);
        await addEvent(tx, id, 'transferred', byUserId, `Moved to the session starting ${to.startsOn}.`);
        const newId = randomUUID();
        await tx.query(
          `INSERT INTO enrollments (id, session_id, user_id, program_title, status, agreement_version, agreement_accepted_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [newId, targetId, current.userId, current.programTitle, current.status, current.agreementVersion, current.acceptedAt]);
        await addEvent(tx, newId, current.status, byUserId, `Transferred from the session starting ${from.startsOn}.`);
        await tx.query('UPDATE payments SET enrollment_id = $2, session_id = $3 WHERE enrollment_id = $1', [id, newId, targetId]);
        return { ok: true, enrollmentId: newId, fromSessionId: from.id };
      });
    },
  };
}
