import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/db';
import { addEvent, LIVE } from './events';
import type { EnrollmentStatus, HoldResult } from './types';

/**
 * Holds a seat of a session for a user for `holdMs`, in the caller's transaction. The session's row is locked
 * first (FOR UPDATE), so every taker of a seat of this session waits here and then counts what the others did
 * (decision 036). A user who already has a seat gets it back (a balance payment needs no new seat); one who has a
 * pending enrollment gets it renewed; the seats they hold themselves are not counted against them.
 */
export async function hold(q: Queryable, userId: string, sessionId: string, holdMs: number): Promise<HoldResult> {
  const [session] = await q.query<{ status: string; open: boolean; seats: number | null; title: string }>(
    `SELECT s.status, s.enrollment_deadline >= current_date AS open, s.seats, p.title
     FROM class_sessions s JOIN programs p ON p.id = s.program_id WHERE s.id = $1 FOR UPDATE OF s`, [sessionId]);
  if (!session) return { ok: false, refusal: 'missing' };
  const [own] = await q.query<{ id: string; status: EnrollmentStatus }>(
    `SELECT id, status FROM enrollments WHERE session_id = $1 AND user_id = $2 AND status IN ('pending', 'enrolled', 'paid_in_full', 'completed')`,
    [sessionId, userId]);
  if (own && own.status !== 'pending') return { ok: true, enrollmentId: own.id, sessionId, expiresAt: null, seated: true, created: false };
  if (session.status !== 'open') return { ok: false, refusal: session.status === 'cancelled' ? 'cancelled' : 'closed' };
  if (!session.open) return { ok: false, refusal: 'deadline' };
  if (session.seats !== null) {
    const [{ taken }] = (await q.query<{ taken: number }>(
      `SELECT ((SELECT count(*) FROM enrollments e WHERE e.session_id = $1 AND e.user_id <> $2 AND ${LIVE})
        + (SELECT count(*) FROM waitlist_entries w WHERE w.session_id = $1 AND w.user_id <> $2 AND w.status = 'offered'
             AND w.offer_expires_at > now()
             AND NOT EXISTS (SELECT 1 FROM enrollments e WHERE e.session_id = w.session_id AND e.user_id = w.user_id AND ${LIVE})))::int AS taken`,
      [sessionId, userId])) as [{ taken: number }];
    if (taken >= session.seats) return { ok: false, refusal: 'full' };
  }
  const expires = `now() + $2::int * interval '1 millisecond'`;
  if (own) {
    const [renewed] = await q.query<{ expiresAt: Date }>(
      `UPDATE enrollments SET hold_expires_at = ${expires}, updated_at = now() WHERE id = $1 RETURNING hold_expires_at AS "expiresAt"`, [own.id, holdMs]);
    return { ok: true, enrollmentId: own.id, sessionId, expiresAt: renewed!.expiresAt, seated: false, created: false };
  }
  const id = randomUUID();
  const [created] = await q.query<{ expiresAt: Date }>(
    `INSERT INTO enrollments (id, session_id, user_id, program_title, status, hold_expires_at)
     VALUES ($1, $3, $4, $5, 'pending', ${expires}) RETURNING hold_expires_at AS "expiresAt"`,
    [id, holdMs, sessionId, userId, session.title]);
  await addEvent(q, id, 'pending', userId, 'Seat held for payment.');
  return { ok: true, enrollmentId: id, sessionId, expiresAt: created!.expiresAt, seated: false, created: true };
}
