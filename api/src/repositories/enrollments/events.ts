import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/db';
import { SEATED, PENDING_KEEPS_SEAT } from '../class-sessions';
import type { EnrollmentStatus } from './types';

/** A live hold, or a seat already taken: what the user's own enrollment contributes to a count. */
export const LIVE = `(e.status IN ${SEATED} OR ${PENDING_KEEPS_SEAT})`;

/** One line of an enrollment's history. */
export async function addEvent(q: Queryable, enrollmentId: string, status: EnrollmentStatus, byUserId: string | null, note: string | null) {
  await q.query('INSERT INTO enrollment_events (id, enrollment_id, status, by_user_id, note) VALUES ($1, $2, $3, $4, $5)',
    [randomUUID(), enrollmentId, status, byUserId, note]);
}
