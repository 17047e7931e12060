import { randomUUID } from 'node:crypto';
import { uniqueViolation, type Db, type Queryable } from '../db/db';

export type PrivacyAction = 'export-json' | 'export-csv' | 'erasure-requested' | 'erasure-approved' | 'erasure-declined';
export type ErasureStatus = 'pending' | 'approved' | 'declined';

export interface ErasureRequestRow {
  id: string;
  number: number;
  userId: string | null;
  username: string | null;
  email: string | null;
  role: string | null;
  status: ErasureStatus;
  requestedAt: Date;
  decidedAt: Date | null;
  decidedBy: string | null;
  decidedByUsername: string | null;
  decisionReason: string | null;
}

/** A cell of the export: what JSON and CSV can both hold. */
export type ExportValue = string | number | boolean | null;
export type ExportRow = Record<string, ExportValue>;

const REQUEST_COLUMNS = `r.id, r.number, r.user_id AS "userId", u.username, u.email, u.role, r.status,
  r.requested_at AS "requestedAt", r.decided_at AS "decidedAt", r.decided_by AS "decidedBy",
  d.username AS "decidedByUsername", r.decision_reason AS "decisionReason"`;
const REQUEST_FROM = 'erasure_requests r LEFT JOIN users u ON u.id = r.user_id LEFT JOIN users d ON d.id = r.decided_by';

/** Dates become ISO text, so JSON and CSV say the same thing. */
function plain(rows: Record<string, unknown>[]): ExportRow[] {
  return rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [
    key, value instanceof Date ? value.toISOString() : (value as ExportValue),
  ])));
}

const dollars = (column: string) => `round(${column} / 100.0, 2)::float8`;

/** Sections found by the student's email rather than their account (the outbox and inquiries keep addresses). */
const BY_EMAIL = new Set(['inquiries', 'advisingBookings', 'emails']);

/**
 * The sections of a student's export (issue 31, decision 048), each one query over what the student owns or what
 * was addressed to their email. Internal columns (hashes, leases, admin ids) are left out; money is in dollars.
 */
const SECTIONS: Record<string, string> = {
  enrollments: `SELECT e.id, e.program_title AS program, s.starts_on::text AS "sessionStartsOn", s.ends_on::text AS "sessionEndsOn",
      e.status, e.agreement_version AS "agreementVersion", e.agreement_accepted_at AS "agreementAcceptedAt", e.created_at AS "createdAt"
    FROM enrollments e LEFT JOIN class_sessions s ON s.id = e.session_id WHERE e.user_id = $1 ORDER BY e.created_at, e.id`,
  enrollmentHistory: `SELECT ev.enrollment_id AS "enrollmentId", ev.status, ev.note, ev.at
    FROM enrollment_events ev JOIN enrollments e ON e.id = ev.enrollment_id WHERE e.user_id = $1 ORDER BY ev.at, ev.id`,
  payments: `SELECT p.id, coalesce(pr.title, p.program_title) AS program, ${dollars('p.amount_cents')} AS amount,
      ${dollars('p.refunded_cents')} AS refunded, p.currency, p.status, p.flow, p.offline_method AS "offlineMethod",
      p.paypal_order_id AS "paypalOrderId", p.receipt_number AS "receiptNumber", p.created_at AS "createdAt", p.completed_at AS "completedAt"
    FROM payments p LEFT JOIN programs pr ON pr.id = p.program_id WHERE p.user_id = $1 ORDER BY p.created_at, p.id`,
  receipts: `SELECT p.receipt_number AS number, p.id AS "paymentId", ${dollars('p.amount_cents')} AS amount, p.currency,
      coalesce(p.completed_at, p.created_at) AS "issuedAt"
    FROM payments p WHERE p.user_id = $1 AND p.receipt_number IS NOT NULL ORDER BY p.receipt_number`,
  refunds: `SELECT f.id, f.payment_id AS "paymentId", ${dollars('f.amount_cents')} AS amount, f.status, f.reason, f.created_at AS "createdAt"
    FROM payment_refunds f JOIN payments p ON p.id = f.payment_id WHERE p.user_id = $1 ORDER BY f.created_at, f.id`,
  credits: `SELECT a.id, a.program_title AS program, a.kind, ${dollars('a.amount_cents')} AS amount, a.reason, a.created_at AS "createdAt",
      a.voided_at AS "voidedAt" FROM balance_adjustments a WHERE a.user_id = $1 ORDER BY a.created_at, a.id`,
  paymentPlans: `SELECT ps.id, ps.plan_name AS plan, pr.title AS program, ${dollars('ps.total_cents')} AS total, ps.chosen_at AS "chosenAt"
    FROM plan_schedules ps JOIN programs pr ON pr.id = ps.program_id WHERE ps.user_id = $1 ORDER BY ps.chosen_at, ps.id`,
  instalments: `SELECT i.schedule_id AS "planId", i.seq AS number, i.due_on::text AS "dueOn", ${dollars('i.amount_cents')} AS amount
    FROM plan_instalments i JOIN plan_schedules ps ON ps.id = i.schedule_id WHERE ps.user_id = $1 ORDER BY ps.chosen_at, i.seq`,
  employerInvoices: `SELECT inv.number, inv.organization_name AS organization, l.program_title AS program,
      l.session_starts_on::text AS "sessionStartsOn", ${dollars('l.amount_cents')} AS amount, inv.status, inv.issued_at AS "issuedAt"
    FROM invoice_lines l JOIN invoices inv ON inv.id = l.invoice_id WHERE l.user_id = $1 ORDER BY inv.issued_at, l.position`,
  agreements: `SELECT a.version, v.title, a.accepted_at AS "acceptedAt"
    FROM agreement_acceptances a JOIN agreement_versions v ON v.version = a.version WHERE a.user_id = $1 ORDER BY a.version`,
  certificates: `SELECT c.number, c.code, c.student_name AS "studentName", c.program_title AS program, c.issued_at AS "issuedAt",
      CASE WHEN c.revoked_at IS NULL THEN 'valid' ELSE 'revoked' END AS status
    FROM certificates c WHERE c.user_id = $1 ORDER BY c.issued_at, c.id`,
  waitlist: `SELECT w.id, pr.title AS program, s.starts_on::text AS "sessionStartsOn", w.status, w.joined_at AS "joinedAt"
    FROM waitlist_entries w JOIN class_sessions s ON s.id = w.session_id JOIN programs pr ON pr.id = s.program_id
    WHERE w.user_id = $1 ORDER BY w.joined_at, w.id`,
  inquiries: `SELECT i.id, i.kind, i.name, i.email, i.phone, i.message, i.program, i.preferred_date::text AS "preferredDate",
      i.preferred_time::text AS "preferredTime", i.time_zone AS "timeZone", i.status, i.created_at AS "createdAt"
    FROM inquiries i WHERE lower(i.email) = lower($1) ORDER BY i.created_at, i.id`,
  advisingBookings: `SELECT b.id, s.starts_at AS "slotStartsAt", b.name, b.email, b.phone, b.topic, b.created_at AS "createdAt",
      b.cancelled_at AS "cancelledAt" FROM advising_bookings b JOIN advising_slots s ON s.id = b.slot_id
    WHERE lower(b.email) = lower($1) ORDER BY b.created_at, b.id`,
  notes: `SELECT n.body, n.created_at AS "createdAt" FROM student_notes n WHERE n.user_id = $1 ORDER BY n.created_at, n.id`,
  emails: `SELECT o.kind, o.status, o.created_at AS "createdAt", o.sent_at AS "sentAt"
    FROM email_outbox o WHERE lower(o.to_email) = lower($1) ORDER BY o.created_at, o.id`,
  erasureRequests: `SELECT r.number, r.status, r.requested_at AS "requestedAt", r.decided_at AS "decidedAt", r.decision_reason AS "decisionReason"
    FROM erasure_requests r WHERE r.user_id = $1 ORDER BY r.requested_at, r.id`,
};

export interface StudentExport {
  account: ExportRow;
  sections: Record<string, ExportRow[]>;
}

export class OpenRequestError extends Error {
  override name = 'OpenRequestError';
}

/** Export, erasure requests and the privacy log (issue 31, decision 048). The erasure itself is in privacy/erase.ts. */
export function privacyRepository(db: Db) {
  return {
    /** Null: no such user, or one already erased. */
    async exportOf(userId: string): Promise<StudentExport | null> {
      const [account] = await db.query<Record<string, unknown> & { email: string }>(
        `SELECT id, username, email, legal_name AS "legalName", phone, role, created_at AS "createdAt"
         FROM users WHERE id = $1 AND erased_at IS NULL`, [userId]);
      if (!account) return null;
      const entries = await Promise.all(Object.entries(SECTIONS).map(async ([name, sql]) => {
        return [name, plain(await db.query(sql, [BY_EMAIL.has(name) ? account.email : userId]))] as const;
      }));
      return { account: plain([account])[0]!, sections: Object.fromEntries(entries) };
    },

    async log(entry: { subjectId: string; actorId: string; action: PrivacyAction; requestId?: string | null }, q: Queryable = db): Promise<void> {
      await q.query('INSERT INTO privacy_log (id, subject_id, actor_id, action, request_id) VALUES ($1, $2, $3, $4, $5)',
        [randomUUID(), entry.subjectId, entry.actorId, entry.action, entry.requestId ?? null]);
    },

    /** Opens a request and logs it; OpenRequestError when one is open already (the partial unique index decides). */
    async request(userId: string): Promise<ErasureRequestRow> {
      const id = randomUUID();
      try {
        await db.transaction(async (tx) => {
          await tx.query('INSERT INTO erasure_requests (id, user_id) VALUES ($1, $2)', [id, userId]);
          await this.log({ subjectId: userId, actorId: userId, action: 'erasure-requested', requestId: id }, tx);
        });
      } catch (error) {
        if (uniqueViolation(error) === 'erasure_requests_one_open_idx') throw new OpenRequestError();
        throw error;
      }
      return (await this.get(id))!;
    },

    async get(id: string, q: Queryable = db): Promise<ErasureRequestRow | null> {
      const [row] = await q.query<ErasureRequestRow>(`SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM} WHERE r.id = $1`, [id]);
      return row ?? null;
    },

    async latestOf(userId: string): Promise<ErasureRequestRow | null> {
      const [row] = await db.query<ErasureRequestRow>(
        `SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM} WHERE r.user_id = $1 ORDER BY r.requested_at DESC, r.id DESC LIMIT 1`, [userId]);
      return row ?? null;
    },

    /** The admin's list: open requests first (oldest first: they have waited longest), then decided ones, newest first. */
    list(limit = 200): Promise<ErasureRequestRow[]> {
      return db.query<ErasureRequestRow>(
        `SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM}
         ORDER BY (r.status = 'pending') DESC, CASE WHEN r.status = 'pending' THEN r.requested_at END ASC,
           r.decided_at DESC, r.id DESC LIMIT $1`, [limit]);
    },
  };
}

export type PrivacyRepository = ReturnType<typeof privacyRepository>;
