import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/db';
import type { ContentChanged } from '../lib/public-cache';
import type { ProgramKind } from './programs';

export type SessionMode = 'online' | 'in_person' | 'hybrid';
export type SessionStatus = 'open' | 'closed' | 'cancelled';

export interface ClassSessionFields {
  programId: string;
  startsOn: string;
  endsOn: string;
  schedule: string;
  mode: SessionMode;
  address: string | null;
  seats: number | null;
  enrollmentDeadline: string;
}

export interface ClassSessionRecord extends ClassSessionFields {
  id: string;
  kind: ProgramKind;
  title: string;
  status: SessionStatus;
  seatsTaken: number;
  waitlistLength: number;
  createdAt: Date;
  updatedAt: Date;
}

/** Statuses of an enrollment that keep its seat whatever the time. */
export const SEATED = `('enrolled', 'paid_in_full', 'completed')`;

/**
 * A pending enrollment `e` keeps its seat while its hold lasts, and past it while its payment may be taking money:
 * a capture claimed, sent without an answer, or PENDING at PayPal. The seat waits for PayPal's answer instead of
 * going to another student, so a late "captured" never seats one more than the session has (decision 036).
 */
export const PENDING_KEEPS_SEAT = `(e.status = 'pending' AND (e.hold_expires_at > now() OR EXISTS (
  SELECT 1 FROM payments p WHERE p.enrollment_id = e.id AND p.status = 'CREATED'
    AND (p.capture_claimed_at IS NOT NULL OR p.capture_unknown_at IS NOT NULL OR p.paypal_capture_id IS NOT NULL))))`;

/**
 * Seats taken in session `s`: seated enrollments, pending ones whose hold is live, and live waitlist offers of
 * students who have not taken the offered seat yet (their hold counts instead). Read under the session's row lock
 * when a seat is about to be taken.
 */
export const SEATS_TAKEN = `(
  (SELECT count(*) FROM enrollments e WHERE e.session_id = s.id
     AND (e.status IN ${SEATED} OR ${PENDING_KEEPS_SEAT}))
  + (SELECT count(*) FROM waitlist_entries w WHERE w.session_id = s.id AND w.status = 'offered' AND w.offer_expires_at > now()
     AND NOT EXISTS (SELECT 1 FROM enrollments e WHERE e.session_id = w.session_id AND e.user_id = w.user_id
       AND (e.status IN ${SEATED} OR ${PENDING_KEEPS_SEAT})))
)::int`;

const WAITLIST_LENGTH = `(SELECT count(*) FROM waitlist_entries w WHERE w.session_id = s.id AND w.status IN ('waiting', 'offered'))::int`;

const SELECT = `SELECT s.id, s.program_id AS "programId", p.kind, p.title, to_char(s.starts_on, 'YYYY-MM-DD') AS "startsOn",
  to_char(s.ends_on, 'YYYY-MM-DD') AS "endsOn", s.schedule, s.mode, s.address, s.seats,
  to_char(s.enrollment_deadline, 'YYYY-MM-DD') AS "enrollmentDeadline", s.status, ${SEATS_TAKEN} AS "seatsTaken",
  ${WAITLIST_LENGTH} AS "waitlistLength", s.created_at AS "createdAt", s.updated_at AS "updatedAt"
  FROM class_sessions s JOIN programs p ON p.id = s.program_id`;

export interface SessionListQuery {
  programId: string;
  /** Past and cancelled sessions too (the admin's list). */
  all?: boolean;
}

export interface NextSessionRow {
  programId: string;
  startsOn: string;
  /** null: unlimited. */
  seatsLeft: number | null;
}

/**
 * For each listed program, the earliest session a visitor can still take a seat in: open, deadline not passed, a
 * seat free. One query for a whole page of cards, each program one probe of class_sessions_program_idx in start
 * order, stopping at the first that qualifies (seats are counted only for the sessions it looks at).
 */
const NEXT_SESSIONS = `SELECT listed.id AS "programId", n."startsOn", n."seatsLeft"
  FROM unnest($1::uuid[]) AS listed (id)
  CROSS JOIN LATERAL (
    SELECT to_char(s.starts_on, 'YYYY-MM-DD') AS "startsOn", s.seats - ${SEATS_TAKEN} AS "seatsLeft"
    FROM class_sessions s
    WHERE s.program_id = listed.id AND s.status = 'open' AND s.enrollment_deadline >= current_date
      AND (s.seats IS NULL OR s.seats > ${SEATS_TAKEN})
    ORDER BY s.starts_on, s.id
    LIMIT 1
  ) n`;

/** `changed` tells the public cache that the cards of the session's kind (their next start) may read differently. */
export function classSessionsRepository(db: Db, changed: ContentChanged = () => {}) {
  async function get(id: string, q: Queryable = db): Promise<ClassSessionRecord | null> {
    const rows = await q.query<ClassSessionRecord>(`${SELECT} WHERE s.id = $1`, [id]);
    return rows[0] ?? null;
  }
  const written = <T extends { kind: ProgramKind } | null>(row: T): T => {
    if (row) changed(row.kind);
    return row;
  };

  return {
    get,

    async list({ programId, all = false }: SessionListQuery): Promise<ClassSessionRecord[]> {
      const upcoming = all ? '' : `AND s.ends_on >= current_date AND s.status <> 'cancelled'`;
      return db.query<ClassSessionRecord>(`${SELECT} WHERE s.program_id = $1 ${upcoming} ORDER BY s.starts_on, s.id`, [programId]);
    },

    /** Whether the program has any session at all (a program without sessions is sold as before issue 29). */
    async programHasSessions(programId: string, q: Queryable = db): Promise<boolean> {
      return (await q.query('SELECT 1 FROM class_sessions WHERE program_id = $1 LIMIT 1', [programId])).length > 0;
    },

    async create(fields: ClassSessionFields): Promise<ClassSessionRecord> {
      const id = randomUUID();
      await db.query(
        `INSERT INTO class_sessions (id, program_id, starts_on, ends_on, schedule, mode, address, seats, enrollment_deadline)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [id, fields.programId, fields.startsOn, fields.endsOn, fields.schedule, fields.mode, fields.address, fields.seats, fields.enrollmentDeadline],
      );
      return written((await get(id))!);
    },

    /** The next start of each program listed (none: not in the map). */
    async nextSessions(programIds: readonly string[]): Promise<Map<string, NextSessionRow>> {
      if (programIds.length === 0) return new Map();
      const rows = await db.query<NextSessionRow>(NEXT_SESSIONS, [programIds]);
      return new Map(rows.map((row) => [row.programId, row]));
    },

    /**
     * Edits a session under its row lock, so no seat is taken between counting and lowering the seats.
     * Returns the row, null when missing, or the seats taken when the new number is below them.
     */
    async update(id: string, fields: Omit<ClassSessionFields, 'programId'>): Promise<{ row: ClassSessionRecord } | { seatsTaken: number } | null> {
      return db.transaction(async (tx) => {
        const [locked] = await tx.query<{ seatsTaken: number }>(`SELECT ${SEATS_TAKEN} AS "seatsTaken" FROM class_sessions s WHERE s.id = $1 FOR UPDATE`, [id]);
        if (!locked) return null;
        if (fields.seats !== null && fields.seats < locked.seatsTaken) return { seatsTaken: locked.seatsTaken };
        await tx.query(
          `UPDATE class_sessions SET starts_on = $2, ends_on = $3, schedule = $4, mode = $5, address = $6, seats = $7,
             enrollment_deadline = $8, updated_at = now() WHERE id = $1`,
          [id, fields.startsOn, fields.endsOn, fields.schedule, fields.mode, fields.address, fields.seats, fields.enrollmentDeadline],
        );
        return { row: (await get(id, tx))! };
      }).then((result) => {
        if (result && 'row' in result && result.row) changed(result.row.kind);
        return result;
      });
    },

    async setStatus(id: string, status: SessionStatus): Promise<ClassSessionRecord | null> {
      const rows = await db.query('UPDATE class_sessions SET status = $2, updated_at = now() WHERE id = $1 RETURNING id', [id, status]);
      return rows.length ? written(await get(id)) : null;
    },
  };
}

export type ClassSessionsRepository = ReturnType<typeof classSessionsRepository>;
