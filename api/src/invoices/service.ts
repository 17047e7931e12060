import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../config';
import type { Queryable } from '../db/db';
import { badRequest, conflict, notFound } from '../lib/http-errors';
import { isId } from '../lib/ids';
import { dollarsToCents, formatDollars } from '../lib/money';
import { isDay, requirePaidOn, today } from '../ledger/days';
import { LEDGER_TEXT } from '../ledger/texts';
import type { Repositories } from '../repositories';
import type { InvoiceRecord } from '../repositories/invoices';
import type { OfflineMethod } from '../repositories/payments';
import { INVOICE_TEXT } from './texts';

/** The kind of the credit each line puts on its student's balance (balance_adjustments.kind, decision 043). */
export const INVOICE_CREDIT_KIND = 'employer_invoice';
const NO_HOLD_MS = 60_000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface InvoiceInput {
  id?: string;
  organization: { name: string; address: string };
  contact: { name: string; email: string };
  dueOn: string;
  lines: { userId: string; programId: string; sessionId?: string }[];
}

export interface InvoicePaymentInput {
  amount: number;
  method: OfflineMethod;
  reference?: string;
  paidOn: string;
}

const day = (at: Date | null) => (at ? new Date(at).toISOString().slice(0, 10) : 'an earlier day');
export const balanceKey = (userId: string, programId: string) => `payments:${userId}:${programId}`;

/** Takes the balance locks of every (student, program) of an invoice, in one order, so two writers never deadlock. */
export async function lockBalances(tx: Queryable, keys: string[]): Promise<void> {
  for (const key of [...new Set(keys)].sort()) await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
}

/** Refuses what cannot be paid any more: a paid or void invoice (409, nothing charged). */
export function requireOpen(invoice: InvoiceRecord): void {
  if (invoice.status === 'paid') throw conflict(INVOICE_TEXT.alreadyPaid);
  if (invoice.status === 'void') throw conflict(INVOICE_TEXT.isVoid(day(invoice.voidedAt)));
}

/** The seats an invoice pays for become paid in full, in the transaction that settles it. */
export async function markLinesPaid(repos: Repositories, tx: Queryable, invoice: InvoiceRecord, by: string | null): Promise<void> {
  for (const line of invoice.lines) {
    if (!line.enrollmentId) continue;
    const changed = await tx.query(
      `UPDATE enrollments SET status = 'paid_in_full', updated_at = now() WHERE id = $1 AND status = 'enrolled' RETURNING id`, [line.enrollmentId]);
    if (changed.length) await repos.enrollments.addEvent(tx, line.enrollmentId, 'paid_in_full', by, INVOICE_TEXT.paidBy(invoice.number, invoice.organizationName));
  }
}

/**
 * The admin's employer invoices (decision 052): issue (every seat or none), settle offline, void. Payment through
 * the public link is in paypal.ts.
 */
export function invoiceOperations(repos: Repositories, config: Pick<AppConfig, 'siteUrl'>, db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> }) {
  const { invoices, users, programs, classSessions, enrollments, balances, ledger, payments, emailOutbox } = repos;

  /** Who and what each line names, checked before any lock is taken (404 and 400 name the line). */
  async function resolveLines(lines: InvoiceInput['lines']) {
    const seen = new Set<string>();
    const resolved = [];
    for (const [index, line] of lines.entries()) {
      const n = index + 1;
      const user = isId(line.userId) ? await users.findById(line.userId) : null;
      if (!user) throw notFound(INVOICE_TEXT.line(n, INVOICE_TEXT.studentNotFound));
      const name = user.legalName ?? user.username;
      if (seen.has(user.id)) throw badRequest(INVOICE_TEXT.twice(name));
      seen.add(user.id);
      const program = isId(line.programId) ? await programs.find(line.programId) : null;
      if (!program) throw notFound(INVOICE_TEXT.line(n, INVOICE_TEXT.programNotFound));
      let session = null;
      if (line.sessionId !== undefined) {
        session = isId(line.sessionId) ? await classSessions.get(line.sessionId) : null;
        if (!session) throw notFound(INVOICE_TEXT.line(n, LEDGER_TEXT.sessionNotFound));
        if (session.programId !== program.id) throw badRequest(INVOICE_TEXT.line(n, LEDGER_TEXT.otherProgram));
      }
      resolved.push({ n, user, name, program, session });
    }
    return resolved;
  }

  /** The student's seat in the program: the one they hold already, or the named session's, taken under its lock. */
  async function seatFor(tx: Queryable, line: Awaited<ReturnType<typeof resolveLines>>[number], number: string, organization: string, by: string) {
    const seated = await enrollments.seatedIn(line.user.id, line.program.id, tx);
    if (seated) return { enrollmentId: seated.id, sessionId: seated.sessionId, taken: false };
    if (!line.session) {
      if (await classSessions.programHasSessions(line.program.id, tx)) throw badRequest(INVOICE_TEXT.line(line.n, LEDGER_TEXT.sessionRequired));
      return null;
    }
    const held = await enrollments.hold(tx, line.user.id, line.session.id, NO_HOLD_MS);
    if (!held.ok) throw conflict(`${line.name}: ${LEDGER_TEXT.seat[held.refusal]}`);
    await tx.query(`UPDATE enrollments SET status = 'enrolled', hold_expires_at = NULL, updated_at = now() WHERE id = $1`, [held.enrollmentId]);
    await enrollments.addEvent(tx, held.enrollmentId, 'enrolled', by, INVOICE_TEXT.enrolled(number, organization));
    return { enrollmentId: held.enrollmentId, sessionId: line.session.id, taken: true };
  }

  return {
    /**
     * Issues an invoice: every line's seat is taken and its balance credited in one transaction, so a full session
     * or a student with nothing to pay leaves nothing behind. A retried request with the same id finds the invoice.
     */
    async issue(input: InvoiceInput, by: string): Promise<{ invoice: InvoiceRecord; message: string }> {
      const contactEmail = input.contact.email.trim();
      if (!EMAIL.test(contactEmail)) throw badRequest(INVOICE_TEXT.badEmail);
      if (!isDay(input.dueOn)) throw badRequest(INVOICE_TEXT.badDueDate);
      if (input.dueOn < today()) throw badRequest(INVOICE_TEXT.pastDueDate);
      const id = input.id !== undefined && isId(input.id) ? input.id : randomUUID();
      const existing = await invoices.byId(id);
      if (existing) return { invoice: existing, message: INVOICE_TEXT.issued(existing.number, formatDollars(existing.totalCents), existing.contactEmail) };
      const lines = await resolveLines(input.lines);
      const organization = input.organization.name.trim();

      await db.transaction(async (tx) => {
        await lockBalances(tx, lines.map((l) => balanceKey(l.user.id, l.program.id)));
        const number = await invoices.insert(tx, {
          id, organizationName: organization, organizationAddress: input.organization.address.trim(),
          contactName: input.contact.name.trim(), contactEmail, dueOn: input.dueOn, issuedBy: by,
        });
        // Seats are taken in session order: two invoices naming the same sessions lock them in the same order.
        const bySession = [...lines].sort((a, b) => (a.session?.id ?? '').localeCompare(b.session?.id ?? ''));
        for (const line of bySession) {
          const { dueCents } = await balances.of(line.user.id, line.program.id, {}, tx);
          if (dueCents === 0) throw conflict(INVOICE_TEXT.nothingDue(line.name, line.program.title));
          // A PayPal capture of this balance may be taking the student's own money right now.
          if ((await payments.inFlightCents(line.user.id, line.program.id, null, tx)) > 0) throw conflict(INVOICE_TEXT.paypalInFlight(line.name));
          const seat = await seatFor(tx, line, number, organization, by);
          const adjustmentId = randomUUID();
          await ledger.addAdjustment(tx, {
            id: adjustmentId, userId: line.user.id, programId: line.program.id, programTitle: line.program.title,
            kind: INVOICE_CREDIT_KIND, amountCents: dueCents, reason: INVOICE_TEXT.credit(number, organization), createdBy: by,
          });
          const session = seat ? await classSessions.get(seat.sessionId, tx) : null;
          await invoices.addLine(tx, id, line.n, {
            id: randomUUID(), userId: line.user.id, studentName: line.name, programId: line.program.id, programTitle: line.program.title,
            sessionId: seat?.sessionId ?? null, sessionStartsOn: session?.startsOn ?? null, enrollmentId: seat?.enrollmentId ?? null,
            seatTaken: seat?.taken ?? false, adjustmentId, amountCents: dueCents,
          });
        }
        await invoices.finish(tx, id);
        await emailOutbox.enqueue({ kind: 'invoice', toEmail: contactEmail, templateParams: { invoiceId: id }, dedupeKey: `invoice:${id}` }, tx);
      });
      const invoice = (await invoices.byId(id))!;
      return { invoice, message: INVOICE_TEXT.issued(invoice.number, formatDollars(invoice.totalCents), invoice.contactEmail) };
    },

    /** Settles an open invoice with money taken outside PayPal: the whole total, once. */
    async recordPayment(id: string, input: InvoicePaymentInput, by: string): Promise<{ invoice: InvoiceRecord; message: string }> {
      const found = isId(id) ? await invoices.byId(id) : null;
      if (!found) throw notFound(INVOICE_TEXT.notFound);
      requireOpen(found);
      if (dollarsToCents(input.amount) !== found.totalCents) throw badRequest(INVOICE_TEXT.wholeAmount(formatDollars(found.totalCents)));
      requirePaidOn(input.paidOn);
      await db.transaction(async (tx) => {
        const invoice = (await invoices.lock(id, tx))!;
        requireOpen(invoice);
        if (invoice.capturingOrderId) throw conflict(INVOICE_TEXT.captureInFlight);
        await invoices.settleOffline(tx, id, { method: input.method, reference: input.reference?.trim() || null, paidOn: input.paidOn, by });
        await markLinesPaid(repos, tx, invoice, by);
      });
      const invoice = (await invoices.byId(id))!;
      return { invoice, message: INVOICE_TEXT.paidOffline(invoice.number, formatDollars(invoice.totalCents)) };
    },

    /**
     * Voids an open invoice: its credits are voided (the students owe their seats again) and the seats it took are
     * released, unless the student has since paid into the program themselves (then the seat stays theirs).
     */
    async void(id: string, reason: string, by: string): Promise<{ invoice: InvoiceRecord; message: string }> {
      const found = isId(id) ? await invoices.byId(id) : null;
      if (!found) throw notFound(INVOICE_TEXT.notFound);
      const freed: string[] = [];
      await db.transaction(async (tx) => {
        await lockBalances(tx, found.lines.filter((l) => l.userId && l.programId).map((l) => balanceKey(l.userId!, l.programId!)));
        const invoice = (await invoices.lock(id, tx))!;
        if (invoice.status === 'paid') throw conflict(INVOICE_TEXT.paidCannotVoid);
        if (invoice.status === 'void') throw conflict(INVOICE_TEXT.alreadyVoided(day(invoice.voidedAt)));
        if (invoice.capturingOrderId) throw conflict(INVOICE_TEXT.captureInFlight);
        await invoices.markVoid(tx, id, by, reason.trim());
        for (const line of invoice.lines) {
          await ledger.voidAdjustment(tx, line.adjustmentId, by, INVOICE_TEXT.creditVoided(invoice.number, reason.trim()).slice(0, 500));
          if (!line.seatTaken || !line.enrollmentId || !line.userId || !line.programId) continue;
          const { paidCents } = await balances.of(line.userId, line.programId, {}, tx);
          if (paidCents > 0) continue;
          const released = await tx.query<{ sessionId: string }>(
            `UPDATE enrollments SET status = 'withdrawn', hold_expires_at = NULL, updated_at = now()
             WHERE id = $1 AND status IN ('pending', 'enrolled', 'paid_in_full') RETURNING session_id AS "sessionId"`, [line.enrollmentId]);
          if (!released.length) continue;
          await enrollments.addEvent(tx, line.enrollmentId, 'withdrawn', by, INVOICE_TEXT.released(invoice.number));
          freed.push(released[0]!.sessionId);
        }
      });
      // A freed seat goes to the first student waiting, as after any withdrawal.
      for (const sessionId of new Set(freed)) await repos.waitlist.offerFreedSeats(sessionId);
      const invoice = (await invoices.byId(id))!;
      return { invoice, message: INVOICE_TEXT.voided(invoice.number) };
    },

    payUrl: (invoice: InvoiceRecord) => `${config.siteUrl}/invoices/${invoice.payCode}/pay`,
  };
}

export type InvoiceOperations = ReturnType<typeof invoiceOperations>;
