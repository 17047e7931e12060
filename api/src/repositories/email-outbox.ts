import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/db';

export type EmailKind = 'password-reset' | 'password-changed' | 'receipt' | 'refund' | 'waitlist-offer' | 'account-created' | 'certificate'
  | 'advising-confirmation' | 'advising-reminder' | 'advising-cancelled'
  | 'erasure-approved' | 'erasure-declined'
  | 'payment-reminder' | 'invoice';
export type EmailStatus = 'PENDING' | 'SENT' | 'FAILED';

export interface OutboxEmail {
  id: string;
  kind: EmailKind;
  toEmail: string;
  templateParams: Record<string, unknown>;
  status: EmailStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

export interface NewEmail {
  kind: EmailKind;
  toEmail: string;
  templateParams: Record<string, unknown>;
  /** The same key twice enqueues one email (e.g. `refund:<refund id>`). */
  dedupeKey?: string;
}

const COLUMNS = `id, kind, to_email AS "toEmail", template_params AS "templateParams", status, attempts,
  next_attempt_at AS "nextAttemptAt", last_error AS "lastError", created_at AS "createdAt", sent_at AS "sentAt"`;

/** The durable outbox (decision 020): rows are written with the change they report and sent by the worker. */
export function emailOutboxRepository(db: Db) {
  return {
    /** Inside the caller's transaction, so the email exists exactly when the change it reports does. */
    async enqueue(email: NewEmail, q: Queryable = db): Promise<void> {
      await q.query(
        `INSERT INTO email_outbox (id, dedupe_key, kind, to_email, template_params) VALUES ($1, $2, $3, $4, $5::jsonb)
         ON CONFLICT (dedupe_key) DO NOTHING`,
        [randomUUID(), email.dedupeKey ?? null, email.kind, email.toEmail, JSON.stringify(email.templateParams)],
      );
    },

    /**
     * Takes up to `limit` due rows and leases them for `leaseMs` (their next attempt moves into the future and the
     * attempt is counted) in one statement. FOR UPDATE SKIP LOCKED: two API instances never take the same row.
     */
    async claimDue(limit: number, leaseMs: number): Promise<OutboxEmail[]> {
      return db.query<OutboxEmail>(
        `UPDATE email_outbox SET attempts = attempts + 1, next_attempt_at = now() + $2::int * interval '1 millisecond'
         WHERE id IN (
           SELECT id FROM email_outbox WHERE status = 'PENDING' AND next_attempt_at <= now()
           ORDER BY next_attempt_at, created_at LIMIT $1 FOR UPDATE SKIP LOCKED)
         RETURNING ${COLUMNS}`,
        [limit, leaseMs],
      );
    },

    /**
     * Sent: what only the link needed (a reset token) is dropped from the stored parameters; a `replaceToEmail` kept
     * (the erasure notice, decision 048) replaces the address, the last place it was held.
     */
    async markSent(id: string, keepParams: Record<string, unknown>): Promise<void> {
      await db.query(
        `UPDATE email_outbox SET status = 'SENT', sent_at = now(), last_error = NULL, template_params = $2::jsonb,
           to_email = coalesce($2::jsonb ->> 'replaceToEmail', to_email) WHERE id = $1 AND status = 'PENDING'`,
        [id, JSON.stringify(keepParams)],
      );
    },

    async retryLater(id: string, error: string, delayMs: number): Promise<void> {
      await db.query(
        "UPDATE email_outbox SET last_error = $2, next_attempt_at = now() + $3::int * interval '1 millisecond' WHERE id = $1 AND status = 'PENDING'",
        [id, error.slice(0, 500), delayMs],
      );
    },

    async markFailed(id: string, error: string, keepParams: Record<string, unknown>): Promise<void> {
      await db.query(
        `UPDATE email_outbox SET status = 'FAILED', last_error = $2, template_params = $3::jsonb,
           to_email = coalesce($3::jsonb ->> 'replaceToEmail', to_email) WHERE id = $1 AND status = 'PENDING'`,
        [id, error.slice(0, 500), JSON.stringify(keepParams)],
      );
    },

    /** Mail that could not be sent (given up) or is still retrying after a failure, newest first: the admin's view. */
    unsent(limit = 200): Promise<OutboxEmail[]> {
      return db.query<OutboxEmail>(
        `SELECT ${COLUMNS} FROM email_outbox WHERE status = 'FAILED' OR (status = 'PENDING' AND last_error IS NOT NULL)
         ORDER BY created_at DESC LIMIT $1`,
        [limit],
      );
    },

    byId(id: string): Promise<OutboxEmail[]> {
      return db.query<OutboxEmail>(`SELECT ${COLUMNS} FROM email_outbox WHERE id = $1`, [id]);
    },
  };
}

export type EmailOutboxRepository = ReturnType<typeof emailOutboxRepository>;
