import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/db';
import { SEATED, SEATS_TAKEN } from './class-sessions';
import { emailOutboxRepository } from './email-outbox';
import type { ProgramKind } from './programs';

/** How long a freed seat is held for the student it is offered to (decision 036): two days to see the email and pay. */
export const OFFER_HOURS = 48;

export interface WaitlistRow {
  id: string;
  user: { id: string; username: string; email: string };
  position: number;
  status: 'waiting' | 'offered';
  joinedAt: string;
  offerExpiresAt: string | null;
}

/** One of the student's own places on a waitlist (My learning, the course page). */
export interface OwnWaitlistRow {
  sessionId: string;
  programId: string;
  kind: ProgramKind;
  title: string;
  startsOn: string;
  position: number;
  status: 'waiting' | 'offered';
  offerExpiresAt: string | null;
}

/** What the offer email says and links to; rendered when it is sent (email/messages.ts). */
export interface OfferEmailParams {
  toName: string;
  program: string;
  kind: ProgramKind;
  programId: string;
  sessionId: string;
  startsOn: string;
  schedule: string;
  expiresAt: string;
}

/** Why joining is refused; the route words it. */
export type JoinRefusal = 'missing' | 'not-open' | 'seats-left' | 'seated';

const LIVE = `status IN ('waiting', 'offered')`;

/** A full session's waitlist in the admin's order (issue 29, decision 036); positions are 1..n among live entries. */
export function waitlistRepository(db: Db) {
  const outbox = emailOutboxRepository(db);
  async function list(sessionId: string): Promise<WaitlistRow[]> {
    const rows = await db.query<{ id: string; userId: string; username: string; email: string; status: 'waiting' | 'offered'; joinedAt: Date; offerExpiresAt: Date | null }>(
      `SELECT w.id, u.id AS "userId", u.username, u.email, w.status, w.joined_at AS "joinedAt", w.offer_expires_at AS "offerExpiresAt"
       FROM waitlist_entries w JOIN users u ON u.id = w.user_id
       WHERE w.session_id = $1 AND w.${LIVE} ORDER BY w.position, w.joined_at`, [sessionId]);
    return rows.map((r, index) => ({
      id: r.id, user: { id: r.userId, username: r.username, email: r.email }, position: index + 1, status: r.status,
      joinedAt: new Date(r.joinedAt).toISOString(), offerExpiresAt: r.offerExpiresAt ? new Date(r.offerExpiresAt).toISOString() : null,
    }));
  }

  /**
   * Offers the free seats of a session to the first waiting students, under the session's row lock: lapsed offers
   * end first, then every seat not taken (seated, held or offered) goes to the next in line, with its email written
   * in the same transaction (the outbox sends it once). Concurrent calls, from any API instance, wait on the lock
   * and count what the others offered, so one freed seat is one offer. `skipLocked`: the background pass passes
   * over a session someone is working on rather than wait for it. Returns how many offers were made.
   */
  async function offerIn(tx: Queryable, sessionId: string, skipLocked: boolean): Promise<number> {
    const [session] = await tx.query<{ seats: number | null; open: boolean; taken: number; programId: string; kind: ProgramKind; title: string; startsOn: string; schedule: string }>(
      `SELECT s.seats, s.status = 'open' AND s.enrollment_deadline >= current_date AS open, s.program_id AS "programId",
         p.kind, p.title, to_char(s.starts_on, 'YYYY-MM-DD') AS "startsOn", s.schedule
       FROM class_sessions s JOIN programs p ON p.id = s.program_id WHERE s.id = $1 FOR UPDATE OF s${skipLocked ? ' SKIP LOCKED' : ''}`, [sessionId]);
    if (!session) return 0;
    await tx.query(`UPDATE waitlist_entries SET status = 'expired', updated_at = now()
      WHERE session_id = $1 AND status = 'offered' AND offer_expires_at <= now()`, [sessionId]);
    if (!session.open || session.seats === null) return 0;
    const [{ taken }] = (await tx.query<{ taken: number }>(`SELECT ${SEATS_TAKEN} AS taken FROM class_sessions s WHERE s.id = $1`, [sessionId])) as [{ taken: number }];
    const next = await tx.query<{ id: string; email: string; username: string }>(
      `SELECT w.id, u.email, u.username FROM waitlist_entries w JOIN users u ON u.id = w.user_id
       WHERE w.session_id = $1 AND w.status = 'waiting'
         AND NOT EXISTS (SELECT 1 FROM enrollments e WHERE e.session_id = w.session_id AND e.user_id = w.user_id AND e.status IN ${SEATED})
       ORDER BY w.position, w.joined_at LIMIT $2`, [sessionId, Math.max(session.seats - taken, 0)]);
    for (const entry of next) {
      const [offered] = await tx.query<{ expiresAt: Date }>(
        `UPDATE waitlist_entries SET status = 'offered', offer_expires_at = now() + $2::int * interval '1 hour', updated_at = now()
         WHERE id = $1 RETURNING offer_expires_at AS "expiresAt"`, [entry.id, OFFER_HOURS]);
      const params: OfferEmailParams = {
        toName: entry.username, program: session.title, kind: session.kind, programId: session.programId, sessionId,
        startsOn: session.startsOn, schedule: session.schedule, expiresAt: new Date(offered!.expiresAt).toISOString(),
      };
      await outbox.enqueue({ kind: 'waitlist-offer', toEmail: entry.email, templateParams: { ...params }, dedupeKey: `waitlist-offer:${entry.id}` }, tx);
    }
    return next.length;
  }

  return {
    list,

    /** After something freed a seat of the session (withdrawal, transfer, cancelled payment, more seats, a decline). */
    offerFreedSeats: (sessionId: string) => db.transaction((tx) => offerIn(tx, sessionId, false)),

    /**
     * The background pass: sessions with someone waiting and a seat nobody takes (an expired hold frees one by
     * time alone), or with an offer that lapsed. Returns how many offers were made.
     */
    async offerEverywhere(): Promise<number> {
      const due = await db.query<{ id: string }>(
        `SELECT s.id FROM class_sessions s
         WHERE (s.status = 'open' AND s.seats IS NOT NULL AND s.enrollment_deadline >= current_date
             AND EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.session_id = s.id AND w.status = 'waiting')
             AND ${SEATS_TAKEN} < s.seats)
           OR EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.session_id = s.id AND w.status = 'offered' AND w.offer_expires_at <= now())`);
      let offered = 0;
      for (const { id } of due) offered += await db.transaction((tx) => offerIn(tx, id, true));
      return offered;
    },

    /** The student's live waitlist places, with the session and course they are for. */
    async mine(userId: string): Promise<OwnWaitlistRow[]> {
      const rows = await db.query<Omit<OwnWaitlistRow, 'offerExpiresAt'> & { offerExpiresAt: Date | null }>(
        `SELECT w.session_id AS "sessionId", s.program_id AS "programId", p.kind, p.title, to_char(s.starts_on, 'YYYY-MM-DD') AS "startsOn",
           (SELECT count(*) FROM waitlist_entries o WHERE o.session_id = w.session_id AND o.${LIVE}
              AND (o.position, o.joined_at) <= (w.position, w.joined_at))::int AS position,
           w.status, w.offer_expires_at AS "offerExpiresAt"
         FROM waitlist_entries w JOIN class_sessions s ON s.id = w.session_id JOIN programs p ON p.id = s.program_id
         WHERE w.user_id = $1 AND w.${LIVE} AND NOT (w.status = 'offered' AND w.offer_expires_at <= now())
         ORDER BY s.starts_on, s.id`, [userId]);
      return rows.map((r) => ({ ...r, offerExpiresAt: r.offerExpiresAt ? new Date(r.offerExpiresAt).toISOString() : null }));
    },

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
