import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/db';
import { countedCents, dueSql } from './balances';
import { PENDING_KEEPS_SEAT, SEATED } from './class-sessions';

export type EnrollmentStatus = 'pending' | 'enrolled' | 'paid_in_full' | 'withdrawn' | 'transferred' | 'completed';

/** Why a seat cannot be held; the payment layer turns each into its sentence. */
export type SeatRefusal = 'missing' | 'cancelled' | 'closed' | 'deadline' | 'full';

export type HoldResult =
  | { ok: true; enrollmentId: string; sessionId: string; expiresAt: Date | null; seated: boolean; created: boolean }
  | { ok: false; refusal: SeatRefusal };

/** A live hold, or a seat already taken: what the user's own enrollment contributes to a count. */
const LIVE = `(e.status IN ${SEATED} OR ${PENDING_KEEPS_SEAT})`;

export function enrollmentsRepository(db: Db) {
  async function addEvent(q: Queryable, enrollmentId: string, status: EnrollmentStatus, byUserId: string | null, note: string | null) {
    await q.query('INSERT INTO enrollment_events (id, enrollment_id, status, by_user_id, note) VALUES ($1, $2, $3, $4, $5)',
      [randomUUID(), enrollmentId, status, byUserId, note]);
  }

  /**
   * Holds a seat of a session for a user for `holdMs`, in the caller's transaction. The session's row is locked
   * first (FOR UPDATE), so every taker of a seat of this session waits here and then counts what the others did
   * (decision 036). A user who already has a seat gets it back (a balance payment needs no new seat); one who has a
   * pending enrollment gets it renewed; the seats they hold themselves are not counted against them.
   */
  async function hold(q: Queryable, userId: string, sessionId: string, holdMs: number): Promise<HoldResult> {
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

export interface EnrollmentEventRecord {
  status: EnrollmentStatus;
  at: Date;
  byId: string | null;
  byUsername: string | null;
  note: string | null;
}

export interface EnrollmentRow {
  id: string;
  sessionId: string | null;
  programId: string | null;
  /** The session's first day (YYYY-MM-DD); null without a session. */
  startsOn: string | null;
  title: string;
  userId: string;
  username: string;
  email: string;
  status: EnrollmentStatus;
  amountPaidCents: number;
  balanceDueCents: number;
  agreementVersion: number | null;
  acceptedAt: Date | null;
  createdAt: Date;
  history: EnrollmentEventRecord[];
}


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

export type TransferRefusal = 'missing' | 'not-seated' | 'same-session' | 'other-program' | 'cancelled' | 'full' | 'already-there';

async function event(q: Queryable, enrollmentId: string, status: EnrollmentStatus, byUserId: string | null, note: string | null) {
  await q.query('INSERT INTO enrollment_events (id, enrollment_id, status, by_user_id, note) VALUES ($1, $2, $3, $4, $5)',
    [randomUUID(), enrollmentId, status, byUserId, note]);
}

/** Withdraws a seated (or pending) enrollment in the caller's transaction; returns its session, or null when it was not active. */
async function withdrawIn(q: Queryable, id: string, byUserId: string | null, note: string): Promise<{ sessionId: string | null } | null> {
  const [row] = await q.query<{ sessionId: string | null }>(
    `UPDATE enrollments SET status = 'withdrawn', hold_expires_at = NULL, updated_at = now()
     WHERE id = $1 AND status IN ('pending', 'enrolled', 'paid_in_full') RETURNING session_id AS "sessionId"`, [id]);
  if (!row) return null;
  await event(q, id, 'withdrawn', byUserId, note);
  return row;
}

/**
 * After a refund of payment `paymentId`, in its transaction: when none of its enrollment's money is left (refunded
 * in full), the enrollment is withdrawn and its seat freed; a partial refund leaves it as it is. Returns the freed
 * session.
 */
export async function withdrawIfRefunded(q: Queryable, paymentId: string): Promise<string | null> {
  const [row] = await q.query<{ id: string }>(
    `SELECT e.id FROM payments p JOIN enrollments e ON e.id = p.enrollment_id
     WHERE p.id = $1 AND e.status IN ('enrolled', 'paid_in_full')
       AND NOT EXISTS (SELECT 1 FROM payments o WHERE o.enrollment_id = e.id AND o.status IN ('COMPLETED', 'PARTIALLY_REFUNDED'))`, [paymentId]);
  if (!row) return null;
  return (await withdrawIn(q, row.id, null, 'Refunded in full.'))?.sessionId ?? null;
}

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
        await event(tx, id, 'transferred', byUserId, `Moved to the session starting ${to.startsOn}.`);
        const newId = randomUUID();
        await tx.query(
          `INSERT INTO enrollments (id, session_id, user_id, program_title, status, agreement_version, agreement_accepted_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [newId, targetId, current.userId, current.programTitle, current.status, current.agreementVersion, current.acceptedAt]);
        await event(tx, newId, current.status, byUserId, `Transferred from the session starting ${from.startsOn}.`);
        await tx.query('UPDATE payments SET enrollment_id = $2, session_id = $3 WHERE enrollment_id = $1', [id, newId, targetId]);
        return { ok: true, enrollmentId: newId, fromSessionId: from.id };
      });
    },
  };
}
