import { randomInt } from 'node:crypto';
import type { Db, Queryable } from '../db/db';
import type { OfflineMethod } from './payments';

export type InvoiceStatus = 'open' | 'paid' | 'void';

export interface InvoiceLineRecord {
  id: string;
  position: number;
  userId: string | null;
  studentName: string;
  programId: string | null;
  programTitle: string;
  sessionId: string | null;
  sessionStartsOn: string | null;
  enrollmentId: string | null;
  seatTaken: boolean;
  adjustmentId: string;
  amountCents: number;
}

export interface InvoiceRecord {
  id: string;
  number: string;
  payCode: string;
  organizationName: string;
  organizationAddress: string;
  contactName: string;
  contactEmail: string;
  totalCents: number;
  dueOn: string;
  status: InvoiceStatus;
  issuedAt: Date;
  paidAt: Date | null;
  paidVia: 'paypal' | 'offline' | null;
  paypalOrderId: string | null;
  offlineMethod: OfflineMethod | null;
  offlineReference: string | null;
  paidOn: string | null;
  capturingOrderId: string | null;
  voidedAt: Date | null;
  voidReason: string | null;
  lines: InvoiceLineRecord[];
}

export interface NewInvoice {
  id: string;
  organizationName: string;
  organizationAddress: string;
  contactName: string;
  contactEmail: string;
  dueOn: string;
  issuedBy: string;
}

export type NewInvoiceLine = Omit<InvoiceLineRecord, 'id' | 'position'> & { id: string };

/**
 * Unambiguous when read aloud or typed from paper (no 0/O, 1/I/L, U/V): 24 symbols from 30, about 118 bits. The
 * payment link is addressed by it, so it is random, never derived from the printed number.
 */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
export const PAY_CODE_PATTERN = /^[ABCDEFGHJKMNPQRSTVWXYZ23456789]{24}$/;
export const newPayCode = () => Array.from({ length: 24 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

const COLUMNS = `i.id, i.number, i.pay_code AS "payCode", i.organization_name AS "organizationName",
  i.organization_address AS "organizationAddress", i.contact_name AS "contactName", i.contact_email AS "contactEmail",
  i.total_cents AS "totalCents", to_char(i.due_on, 'YYYY-MM-DD') AS "dueOn", i.status, i.issued_at AS "issuedAt", i.paid_at AS "paidAt",
  i.paid_via AS "paidVia", i.paypal_order_id AS "paypalOrderId", i.offline_method AS "offlineMethod",
  i.offline_reference AS "offlineReference", to_char(i.paid_on, 'YYYY-MM-DD') AS "paidOn", i.capturing_order_id AS "capturingOrderId",
  i.voided_at AS "voidedAt", i.void_reason AS "voidReason"`;
const LINE_COLUMNS = `l.id, l.position, l.user_id AS "userId", l.student_name AS "studentName", l.program_id AS "programId",
  l.program_title AS "programTitle", l.session_id AS "sessionId", to_char(l.session_starts_on, 'YYYY-MM-DD') AS "sessionStartsOn",
  l.enrollment_id AS "enrollmentId", l.seat_taken AS "seatTaken", l.adjustment_id AS "adjustmentId", l.amount_cents AS "amountCents"`;

/**
 * Employer invoices (decision 052). Writes run in the caller's transaction: issuing takes seats and balance locks,
 * and settling or voiding an invoice is a conditional update of its status, so whoever changes it first wins and
 * everyone else reads what they did.
 */
export function invoicesRepository(db: Db) {
  async function withLines(q: Queryable, rows: Omit<InvoiceRecord, 'lines'>[]): Promise<InvoiceRecord[]> {
    if (rows.length === 0) return [];
    const lines = await q.query<InvoiceLineRecord & { invoiceId: string }>(
      `SELECT l.invoice_id AS "invoiceId", ${LINE_COLUMNS} FROM invoice_lines l WHERE l.invoice_id = ANY($1::uuid[]) ORDER BY l.position`,
      [rows.map((r) => r.id)]);
    return rows.map((row) => ({ ...row, lines: lines.filter((l) => l.invoiceId === row.id).map(({ invoiceId: _, ...l }) => l) }));
  }

  async function find(where: string, value: string, q: Queryable = db, lock = false): Promise<InvoiceRecord | null> {
    const rows = await q.query<Omit<InvoiceRecord, 'lines'>>(`SELECT ${COLUMNS} FROM invoices i WHERE ${where} = $1${lock ? ' FOR UPDATE' : ''}`, [value]);
    return (await withLines(q, rows))[0] ?? null;
  }

  return {
    byId: (id: string, q: Queryable = db) => find('i.id', id, q),
    byCode: (code: string, q: Queryable = db) => find('i.pay_code', code, q),
    /** The invoice's row locked for the rest of the caller's transaction. */
    lock: (id: string, q: Queryable) => find('i.id', id, q, true),

    /** Newest first, with their lines. */
    async list(limit: number, status: InvoiceStatus | null): Promise<InvoiceRecord[]> {
      const rows = await db.query<Omit<InvoiceRecord, 'lines'>>(
        `SELECT ${COLUMNS} FROM invoices i WHERE ($2::text IS NULL OR i.status = $2) ORDER BY i.issued_at DESC, i.id LIMIT $1`,
        [limit, status]);
      return withLines(db, rows);
    },

    /** Inserts the invoice with the year's next number; its total is set once its lines are in (finish). */
    async insert(q: Queryable, row: NewInvoice): Promise<string> {
      const [{ year, next }] = (await q.query<{ year: number; next: number }>(
        `INSERT INTO invoice_counters (year, last_number) VALUES (extract(year FROM now() AT TIME ZONE 'UTC')::int, 1)
         ON CONFLICT (year) DO UPDATE SET last_number = invoice_counters.last_number + 1
         RETURNING year, last_number AS next`)) as [{ year: number; next: number }];
      const number = `INV-${year}-${String(next).padStart(4, '0')}`;
      // total_cents > 0 is checked on the row: a placeholder of 1 cent is replaced by the lines' sum before commit.
      await q.query(
        `INSERT INTO invoices (id, number, pay_code, organization_name, organization_address, contact_name, contact_email, total_cents, due_on, issued_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8, $9)`,
        [row.id, number, newPayCode(), row.organizationName, row.organizationAddress, row.contactName, row.contactEmail, row.dueOn, row.issuedBy]);
      return number;
    },

    async addLine(q: Queryable, invoiceId: string, position: number, line: NewInvoiceLine): Promise<void> {
      await q.query(
        `INSERT INTO invoice_lines (id, invoice_id, position, user_id, student_name, program_id, program_title, session_id, session_starts_on,
           enrollment_id, seat_taken, adjustment_id, amount_cents)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [line.id, invoiceId, position, line.userId, line.studentName, line.programId, line.programTitle, line.sessionId, line.sessionStartsOn,
          line.enrollmentId, line.seatTaken, line.adjustmentId, line.amountCents]);
    },

    async finish(q: Queryable, invoiceId: string): Promise<void> {
      await q.query(`UPDATE invoices SET total_cents = (SELECT sum(amount_cents) FROM invoice_lines WHERE invoice_id = $1) WHERE id = $1`, [invoiceId]);
    },

    async addOrder(invoiceId: string, orderId: string, amountCents: number): Promise<void> {
      await db.query('INSERT INTO invoice_orders (paypal_order_id, invoice_id, amount_cents) VALUES ($1, $2, $3)', [orderId, invoiceId, amountCents]);
    },

    async order(orderId: string): Promise<{ invoiceId: string; amountCents: number } | null> {
      const rows = await db.query<{ invoiceId: string; amountCents: number }>(
        'SELECT invoice_id AS "invoiceId", amount_cents AS "amountCents" FROM invoice_orders WHERE paypal_order_id = $1', [orderId]);
      return rows[0] ?? null;
    },

    /**
     * Claims the invoice for capturing one order: refused while another order of it is being captured, or once it
     * is no longer open. The same order may claim again (a retry of its capture, which PayPal answers once).
     */
    async claimCapture(invoiceId: string, orderId: string): Promise<boolean> {
      const rows = await db.query(
        `UPDATE invoices SET capturing_order_id = $2 WHERE id = $1 AND status = 'open'
           AND (capturing_order_id IS NULL OR capturing_order_id = $2) RETURNING id`, [invoiceId, orderId]);
      return rows.length > 0;
    },

    /** PayPal said the order was not captured: another order of the invoice may be captured now. */
    async releaseCapture(invoiceId: string, orderId: string): Promise<void> {
      await db.query('UPDATE invoices SET capturing_order_id = NULL WHERE id = $1 AND capturing_order_id = $2', [invoiceId, orderId]);
    },

    /** open -> paid by PayPal; false when it was not open any more. */
    async settleByPayPal(q: Queryable, invoiceId: string, orderId: string, captureId: string): Promise<boolean> {
      const rows = await q.query(
        `UPDATE invoices SET status = 'paid', paid_at = now(), paid_via = 'paypal', paypal_order_id = $2, paypal_capture_id = $3,
           capturing_order_id = NULL WHERE id = $1 AND status = 'open' RETURNING id`, [invoiceId, orderId, captureId]);
      return rows.length > 0;
    },

    /** open -> paid offline; false when it was not open (or a PayPal capture of it is under way). */
    async settleOffline(q: Queryable, invoiceId: string, p: { method: OfflineMethod; reference: string | null; paidOn: string; by: string }): Promise<boolean> {
      const rows = await q.query(
        `UPDATE invoices SET status = 'paid', paid_at = now(), paid_via = 'offline', offline_method = $2, offline_reference = $3,
           paid_on = $4, recorded_by = $5 WHERE id = $1 AND status = 'open' AND capturing_order_id IS NULL RETURNING id`,
        [invoiceId, p.method, p.reference, p.paidOn, p.by]);
      return rows.length > 0;
    },

    /** open -> void; false when it was not open (or a PayPal capture of it is under way). */
    async markVoid(q: Queryable, invoiceId: string, by: string, reason: string): Promise<boolean> {
      const rows = await q.query(
        `UPDATE invoices SET status = 'void', voided_at = now(), voided_by = $2, void_reason = $3
         WHERE id = $1 AND status = 'open' AND capturing_order_id IS NULL RETURNING id`, [invoiceId, by, reason]);
      return rows.length > 0;
    },
  };
}

export type InvoicesRepository = ReturnType<typeof invoicesRepository>;
