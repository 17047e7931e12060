import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/db';
import { badRequest, conflict, notFound } from '../lib/http-errors';
import { isId } from '../lib/ids';
import { dollarsToCents, formatDollars } from '../lib/money';
import { paymentCompleted } from '../payments/completed';
import type { Balance } from '../payments/rules';
import type { Repositories } from '../repositories';
import type { OfflineMethod } from '../repositories/payments';
import { requirePaidOn } from './days';
import { LEDGER_TEXT } from './texts';

/** How long the seat taken for a manual enrollment may stay pending: none, it becomes the enrollment at once. */
const MANUAL_HOLD_MS = 60_000;

export interface OfflinePaymentInput {
  /** Chosen by the admin's page: a retried request finds the payment it already recorded. */
  id?: string;
  userId: string;
  programId: string;
  sessionId?: string;
  amount: number;
  method: OfflineMethod;
  reference?: string;
  paidOn: string;
  note?: string;
  /** Above the balance: refuse (nothing recorded) or keep the excess as a credit (recorded on the payment). */
  overBalance: 'refuse' | 'credit';
}

export interface AdjustmentInput {
  id?: string;
  userId: string;
  programId: string;
  kind: string;
  amount: number;
  reason: string;
}

const day = (at: Date | undefined) => (at ? new Date(at).toISOString().slice(0, 10) : 'an earlier day');
const requestId = (id: string | undefined) => (id !== undefined && isId(id) ? id : randomUUID());

/**
 * The admin's ledger (decision 043): offline payments, credits, voids and enrollments with nothing paid. Each
 * runs under the balance's lock, the one PayPal captures take, so what is due is read and written in one order.
 */
export function ledgerOperations(repos: Repositories) {
  const { payments, balances, ledger, enrollments, programs, users, classSessions } = repos;

  async function subject(userId: string, programId: string) {
    const user = isId(userId) ? await users.findById(userId) : null;
    if (!user) throw notFound(LEDGER_TEXT.studentNotFound);
    const program = isId(programId) ? await programs.find(programId) : null;
    if (!program) throw notFound(LEDGER_TEXT.programNotFound);
    return { user, program };
  }

  function cents(amount: number): number {
    const value = dollarsToCents(amount);
    if (value === null) throw badRequest(LEDGER_TEXT.badAmount);
    return value;
  }

  /** The enrollment's status follows its balance after a write: paid in full when nothing is due, else enrolled. */
  async function followBalance(tx: Queryable, userId: string, programId: string, by: string, note: string) {
    const seat = await enrollments.seatedIn(userId, programId, tx);
    if (!seat) return;
    const { dueCents } = await balances.of(userId, programId, {}, tx);
    const next = dueCents > 0 ? 'enrolled' : 'paid_in_full';
    const changed = await tx.query(
      `UPDATE enrollments SET status = $2, updated_at = now() WHERE id = $1 AND status IN ('enrolled', 'paid_in_full') AND status <> $2 RETURNING id`,
      [seat.id, next]);
    if (changed.length) await enrollments.addEvent(tx, seat.id, next, by, next === 'paid_in_full' ? LEDGER_TEXT.coveredByCredit : note);
  }

  /** The session an offline payment pays for: the student's seat, or a named session's seat taken now. */
  async function seatFor(tx: Queryable, userId: string, programId: string, sessionId: string | undefined, by: string) {
    const seated = await enrollments.seatedIn(userId, programId, tx);
    if (seated) return seated;
    if (sessionId === undefined) {
      if (await classSessions.programHasSessions(programId, tx)) throw badRequest(LEDGER_TEXT.sessionRequired);
      return null;
    }
    return takeSeat(tx, userId, programId, sessionId, by);
  }

  async function takeSeat(tx: Queryable, userId: string, programId: string, sessionId: string, by: string) {
    const session = isId(sessionId) ? await classSessions.get(sessionId, tx) : null;
    if (!session) throw notFound(LEDGER_TEXT.sessionNotFound);
    if (session.programId !== programId) throw badRequest(LEDGER_TEXT.otherProgram);
    const held = await enrollments.hold(tx, userId, sessionId, MANUAL_HOLD_MS);
    if (!held.ok) throw held.refusal === 'missing' ? notFound(LEDGER_TEXT.seat.missing) : conflict(LEDGER_TEXT.seat[held.refusal]);
    if (held.seated) throw conflict(LEDGER_TEXT.alreadyEnrolled);
    await tx.query(`UPDATE enrollments SET status = 'enrolled', hold_expires_at = NULL, updated_at = now() WHERE id = $1`, [held.enrollmentId]);
    await enrollments.addEvent(tx, held.enrollmentId, 'enrolled', by, LEDGER_TEXT.enrolledByAdmin);
    return { id: held.enrollmentId, sessionId };
  }

  return {
    async recordOfflinePayment(input: OfflinePaymentInput, by: string): Promise<{ paymentId: string; message: string; balance: Balance }> {
      const { program } = await subject(input.userId, input.programId);
      const amountCents = cents(input.amount);
      requirePaidOn(input.paidOn);
      const id = requestId(input.id);
      return payments.withBalanceLock(input.userId, program.id, async (tx) => {
        const existing = await payments.byId(id, tx);
        if (!existing) {
          const { dueCents } = await balances.of(input.userId, program.id, {}, tx);
          const excess = Math.max(amountCents - dueCents, 0);
          if (excess > 0 && input.overBalance === 'refuse') {
            throw conflict(dueCents === 0 ? LEDGER_TEXT.alreadyPaid : LEDGER_TEXT.aboveBalance(formatDollars(dueCents)));
          }
          // A PayPal capture of this balance in flight holds its part: its money may already be taken.
          const inFlight = await payments.inFlightCents(input.userId, program.id, null, tx);
          if (inFlight > 0 && Math.min(amountCents, dueCents) > dueCents - inFlight) {
            throw conflict(LEDGER_TEXT.paypalInFlight);
          }
          const seat = await seatFor(tx, input.userId, program.id, input.sessionId, by);
          const added = await ledger.addOfflinePayment(tx, {
            id, userId: input.userId, programId: program.id, programTitle: program.title, priceCents: program.priceCents, amountCents,
            method: input.method, reference: input.reference?.trim() || null, paidOn: input.paidOn, note: input.note?.trim() || null,
            recordedBy: by, excessCreditCents: excess, sessionId: seat?.sessionId ?? null, enrollmentId: seat?.id ?? null,
          });
          if (added) await paymentCompleted(repos, tx, { id, userId: input.userId });
          await followBalance(tx, input.userId, program.id, by, LEDGER_TEXT.paidOffline);
        }
        const row = (await payments.byId(id, tx))!;
        const balance = await balances.of(input.userId, program.id, {}, tx);
        const amount = formatDollars(row.amountCents);
        const message = row.excessCreditCents > 0
          ? LEDGER_TEXT.recordedWithCredit(amount, row.receiptNumber ?? '', formatDollars(row.excessCreditCents))
          : LEDGER_TEXT.recorded(amount, row.receiptNumber ?? '');
        return { paymentId: row.id, message, balance };
      });
    },

    async grantAdjustment(input: AdjustmentInput, by: string): Promise<{ adjustmentId: string; message: string; balance: Balance }> {
      const { program } = await subject(input.userId, input.programId);
      const amountCents = cents(input.amount);
      const id = requestId(input.id);
      return payments.withBalanceLock(input.userId, program.id, async (tx) => {
        if (!(await ledger.adjustment(id, tx))) {
          const { dueCents } = await balances.of(input.userId, program.id, {}, tx);
          if (amountCents > dueCents) throw conflict(dueCents === 0 ? LEDGER_TEXT.alreadyPaid : LEDGER_TEXT.creditAboveBalance(formatDollars(dueCents)));
          await ledger.addAdjustment(tx, {
            id, userId: input.userId, programId: program.id, programTitle: program.title, kind: input.kind, amountCents,
            reason: input.reason.trim(), createdBy: by,
          });
          await followBalance(tx, input.userId, program.id, by, LEDGER_TEXT.dueAgain);
        }
        const row = (await ledger.adjustment(id, tx))!;
        return { adjustmentId: id, message: LEDGER_TEXT.granted(formatDollars(row.amountCents)), balance: await balances.of(input.userId, program.id, {}, tx) };
      });
    },

    /** Voids an offline payment: it stays on record, counts nowhere, and the enrollment follows the balance. */
    async voidPayment(id: string, reason: string, by: string): Promise<void> {
      const key = isId(id) ? await ledger.balanceKeyOf('payments', id) : null;
      if (!key) throw notFound(LEDGER_TEXT.paymentNotFound);
      await payments.withBalanceLock(key.userId ?? '-', key.programId, async (tx) => {
        const outcome = await ledger.voidPayment(tx, id, by, reason.trim());
        if (!outcome.ok) {
          if (outcome.refusal === 'missing') throw notFound(LEDGER_TEXT.paymentNotFound);
          if (outcome.refusal === 'already-voided') throw conflict(LEDGER_TEXT.alreadyVoided(day(outcome.voidedAt)));
          throw badRequest(outcome.refusal === 'not-offline' ? LEDGER_TEXT.notOffline : LEDGER_TEXT.notCompleted);
        }
        if (key.userId && key.programId) await followBalance(tx, key.userId, key.programId, by, LEDGER_TEXT.dueAgain);
      });
    },

    async voidAdjustment(id: string, reason: string, by: string): Promise<void> {
      const key = isId(id) ? await ledger.balanceKeyOf('balance_adjustments', id) : null;
      if (!key) throw notFound(LEDGER_TEXT.adjustmentNotFound);
      await payments.withBalanceLock(key.userId ?? '-', key.programId, async (tx) => {
        const outcome = await ledger.voidAdjustment(tx, id, by, reason.trim());
        if (!outcome.ok) {
          if (outcome.refusal === 'missing') throw notFound(LEDGER_TEXT.adjustmentNotFound);
          throw conflict(LEDGER_TEXT.alreadyVoided(day(outcome.voidedAt)));
        }
        if (key.userId && key.programId) await followBalance(tx, key.userId, key.programId, by, LEDGER_TEXT.dueAgain);
      });
    },

    /** Enrolls a student in a session with nothing paid: the seat is taken under the session's lock like any other. */
    async enroll(userId: string, programId: string, sessionId: string | undefined, by: string): Promise<string> {
      const { program } = await subject(userId, programId);
      if (!(await classSessions.programHasSessions(program.id))) throw badRequest(LEDGER_TEXT.noSessions);
      if (sessionId === undefined) throw badRequest(LEDGER_TEXT.sessionRequired);
      return payments.withBalanceLock(userId, program.id, async (tx) => {
        const seat = await takeSeat(tx, userId, program.id, sessionId, by);
        await followBalance(tx, userId, program.id, by, LEDGER_TEXT.enrolledByAdmin);
        return seat.id;
      });
    },
  };
}

export type LedgerOperations = ReturnType<typeof ledgerOperations>;
