import { conflict, unprocessable } from '../lib/http-errors';
import { formatDollars } from '../lib/money';
import type { PaymentListRecord, PaymentRecord } from '../repositories/payments';
import { owedBalance } from './balance';
import type { PaymentDeps } from './deps';
import { balanceOf, type Balance } from './rules';
import { PAYMENT_TEXT } from './texts';

/** What capture, complete and verify answer: the payment as listed, the balance after it, and the spec's sentence. */
export interface PaymentOutcome {
  message: string;
  payment: PaymentListRecord;
  balance: Balance;
}

/** Balance of one program for one user; a payment without either is judged against the program's price alone. */
async function balanceAfter(deps: PaymentDeps, row: PaymentRecord): Promise<Balance> {
  if (row.userId && row.programId) return owedBalance(deps, row.userId, row.programId, { fallbackPriceCents: row.priceCents });
  const program = row.programId ? await deps.repos.programs.find(row.programId) : null;
  return balanceOf(program?.priceCents ?? row.priceCents ?? 0, 0);
}

/**
 * The one outcome of capture, complete and verify, first time or replay: a completed (or still pending) payment
 * with its balance; the recorded reason thrown as a 422 (REJECTED, FAILED) or 409 (CANCELLED) otherwise.
 */
export async function outcomeOf(deps: PaymentDeps, row: PaymentRecord): Promise<PaymentOutcome> {
  if (row.status === 'REJECTED') throw unprocessable(PAYMENT_TEXT.rejected(row.statusReason ?? PAYMENT_TEXT.unknownProgram));
  if (row.status === 'FAILED') throw unprocessable(row.statusReason ?? PAYMENT_TEXT.failed);
  if (row.status === 'CANCELLED') throw conflict(row.statusReason ?? PAYMENT_TEXT.byPayer);
  const payment = await deps.repos.payments.listed(row.id);
  const balance = await balanceAfter(deps, row);
  const message = row.status === 'CREATED'
    ? PAYMENT_TEXT.pending
    : row.refundDueCents > 0
      ? PAYMENT_TEXT.refundDue(formatDollars(row.refundDueCents))
      : balance.dueCents > 0 ? PAYMENT_TEXT.completedWithDue(formatDollars(balance.dueCents)) : PAYMENT_TEXT.completed;
  return { message, payment: payment!, balance };
}
