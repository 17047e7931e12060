import type { Db } from '../db/db';
import type { Repositories } from '../repositories';
import { dueItemsSql } from '../repositories/due-items';
import { addDays } from './schedule';

/** Days before a due date the "coming up" reminder is sent. */
export const REMINDER_LEAD_DAYS = 3;

export type ReminderKind = 'upcoming' | 'overdue';

interface Candidate {
  itemKey: string;
  userId: string;
  programId: string;
  programTitle: string;
  kind: ReminderKind;
  dueOn: string;
  openCents: number;
  planName: string | null;
  seq: number;
}

/**
 * One pass of payment reminders as of `today` (the injected clock's day): a "coming up" email for each open item due
 * within REMINDER_LEAD_DAYS, an "overdue" email for each open item past its date. Items are a plan's instalments and
 * balances due at a session's start (a date the student was told); a balance without a plan or a session has no date
 * to remind of. Each email is claimed by inserting its row in payment_reminders (primary key: item and kind) in the
 * transaction that queues it, so several API instances running the pass at once send it once: the second insert
 * finds the row and queues nothing. Returns how many were queued.
 */
export async function sendPaymentReminders(db: Db, repos: Repositories, today: string, limit = 500): Promise<number> {
  const candidates = await db.query<Candidate>(
    `SELECT d.item_key AS "itemKey", d.user_id AS "userId", d.program_id AS "programId", d.program_title AS "programTitle",
       CASE WHEN d.due_on < $1::date THEN 'overdue' ELSE 'upcoming' END AS kind, to_char(d.due_on, 'YYYY-MM-DD') AS "dueOn",
       d.open_cents::int AS "openCents", d.plan_name AS "planName", d.seq
     FROM ${dueItemsSql()} AS d
     WHERE d.open_cents > 0 AND d.due_on <= $2::date AND (d.schedule_id IS NOT NULL OR d.session_id IS NOT NULL)
       AND NOT EXISTS (SELECT 1 FROM payment_reminders r WHERE r.item_key = d.item_key
         AND r.kind = CASE WHEN d.due_on < $1::date THEN 'overdue' ELSE 'upcoming' END)
     ORDER BY d.due_on, d.item_key LIMIT $3`,
    [today, addDays(today, REMINDER_LEAD_DAYS), limit]);
  let queued = 0;
  for (const c of candidates) {
    const sent = await db.transaction(async (tx) => {
      const claimed = await tx.query(
        `INSERT INTO payment_reminders (item_key, kind, user_id, program_id, due_on, amount_cents) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (item_key, kind) DO NOTHING RETURNING item_key`,
        [c.itemKey, c.kind, c.userId, c.programId, c.dueOn, c.openCents]);
      if (claimed.length === 0) return false;
      const [user] = await tx.query<{ email: string; username: string }>('SELECT email, username FROM users WHERE id = $1', [c.userId]);
      if (!user) return false;
      await repos.emailOutbox.enqueue({
        kind: 'payment-reminder',
        toEmail: user.email,
        templateParams: {
          toName: user.username, reminder: c.kind, program: c.programTitle, programId: c.programId, dueOn: c.dueOn,
          amount: c.openCents / 100, plan: c.planName, seq: c.seq,
        },
        dedupeKey: `payment-reminder:${c.kind}:${c.itemKey}`,
      }, tx);
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}
