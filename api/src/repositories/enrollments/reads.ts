import type { Db, Queryable } from '../../db/db';
import { countedCents, dueSql } from '../balances';
import type { EnrollmentRow } from './types';

/**
 * Enrollment rows with money and history. Paid: the counted cents of the enrollment's own payments. Due: what is
 * left of the course's price after everything the student paid for it and the credits (decision 043), while the
 * enrollment holds its seat; nothing is due on a withdrawn or transferred one.
 */
const ROWS = `SELECT e.id, e.session_id AS "sessionId", s.program_id AS "programId", to_char(s.starts_on, 'YYYY-MM-DD') AS "startsOn", coalesce(pr.title, e.program_title) AS title,
    e.user_id AS "userId", u.username, u.email, e.status,
    coalesce((SELECT sum(${countedCents('p.')}) FROM payments p WHERE p.enrollment_id = e.id), 0)::int AS "amountPaidCents",
    CASE WHEN e.status IN ('pending', 'enrolled') AND pr.id IS NOT NULL
      THEN ${dueSql('pr.price_cents', 'e.user_id', 'pr.id')} ELSE 0 END::int AS "balanceDueCents",
    e.agreement_version AS "agreementVersion", e.agreement_accepted_at AS "acceptedAt", e.created_at AS "createdAt",
    coalesce((SELECT json_agg(json_build_object('status', ev.status, 'at', ev.at, 'byId', ev.by_user_id, 'byUsername', bu.username, 'note', ev.note)
      ORDER BY ev.at, ev.id) FROM enrollment_events ev LEFT JOIN users bu ON bu.id = ev.by_user_id WHERE ev.enrollment_id = e.id), '[]'::json) AS history
  FROM enrollments e JOIN users u ON u.id = e.user_id
  LEFT JOIN class_sessions s ON s.id = e.session_id LEFT JOIN programs pr ON pr.id = s.program_id`;

/** An expired hold is no record: it never became money. */
const VISIBLE = `NOT (e.status = 'pending' AND e.hold_expires_at <= now())`;

export function enrollmentReads(db: Db) {
  return {
    async byUser(userId: string): Promise<EnrollmentRow[]> {
      return db.query<EnrollmentRow>(`${ROWS} WHERE e.user_id = $1 AND ${VISIBLE} ORDER BY e.created_at DESC, e.id`, [userId]);
    },
    async bySession(sessionId: string): Promise<EnrollmentRow[]> {
      return db.query<EnrollmentRow>(`${ROWS} WHERE e.session_id = $1 AND ${VISIBLE} ORDER BY lower(u.username), e.id`, [sessionId]);
    },
    async get(id: string, q: Queryable = db): Promise<EnrollmentRow | null> {
      return (await q.query<EnrollmentRow>(`${ROWS} WHERE e.id = $1`, [id]))[0] ?? null;
    },
  };
}
