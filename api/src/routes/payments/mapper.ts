import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Payment, PaymentResult } from '@institute/shared/schemas';
import { conflict, unprocessable } from '../../lib/http-errors';
import { centsToDollars, formatDollars } from '../../lib/money';
import { balanceOf } from '../../payments/rules';
import { OFFLINE_METHOD_NAMES } from '../../receipts/receipt';
import { PAYMENT_TEXT } from '../../payments/texts';
import { SETTLED_STATUSES, type PaymentListRecord, type PaymentRecord } from '../../repositories/payments';

/** The program as it is now, else as it was when paid (deleted programs keep their name in the record). */
export function toPayment(row: PaymentListRecord): Static<typeof Payment> {
  const title = row.currentTitle ?? row.programTitle;
  const price = row.currentPriceCents ?? row.priceCents;
  return {
    _id: row.id,
    user: row.username !== null && row.email !== null ? { username: row.username, email: row.email } : null,
    program: title !== null && price !== null ? { title, price: centsToDollars(price) } : null,
    amount: centsToDollars(row.amountCents),
    currency: row.currency,
    paypalOrderId: row.paypalOrderId,
    status: row.status,
    ...(row.refundDueCents > 0 ? { refundDue: centsToDollars(row.refundDueCents) } : {}),
    // Only settled money is paid (CREATED, CANCELLED, FAILED and REJECTED took nothing that counts); a refund first
    // uses up what was owed back anyway (the same rule as the balance's SQL).
    paidAmount: centsToDollars(SETTLED_STATUSES.includes(row.status) ? row.amountCents - Math.max(row.refundDueCents, row.refundedCents) : 0),
    ...(row.refundedCents > 0 ? { refunded: centsToDollars(row.refundedCents) } : {}),
    receiptNumber: row.receiptNumber,
    ...(row.offlineMethod && row.paidOn ? {
      offline: { method: OFFLINE_METHOD_NAMES[row.offlineMethod], reference: row.offlineReference, paidOn: row.paidOn, note: row.note, voidReason: row.voidReason },
    } : {}),
    dueAfter: row.userId !== null && row.programId !== null && price !== null
      ? centsToDollars(balanceOf(price, row.paidAfterCents, row.discountAfterCents, row.creditAfterCents).dueCents)
      : null,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/**
 * The one answer of capture, complete and verify, first time or replay: 200 with the balance for a completed
 * (or still pending) payment; the recorded reason as a 422 (REJECTED, FAILED) or 409 (CANCELLED) otherwise.
 */
export async function paymentResult(app: FastifyInstance, row: PaymentRecord): Promise<Static<typeof PaymentResult>> {
  if (row.status === 'REJECTED') throw unprocessable(PAYMENT_TEXT.rejected(row.statusReason ?? PAYMENT_TEXT.unknownProgram));
  if (row.status === 'FAILED') throw unprocessable(row.statusReason ?? PAYMENT_TEXT.failed);
  if (row.status === 'CANCELLED') throw conflict(row.statusReason ?? PAYMENT_TEXT.byPayer);
  const listed = await app.repos.payments.listed(row.id);
  const balance = await app.payments.balance(row.userId, row.programId, row.priceCents);
  const message = row.status === 'CREATED'
    ? PAYMENT_TEXT.pending
    : row.refundDueCents > 0
      ? PAYMENT_TEXT.refundDue(formatDollars(row.refundDueCents))
      : balance.dueCents > 0 ? PAYMENT_TEXT.completedWithDue(formatDollars(balance.dueCents)) : PAYMENT_TEXT.completed;
  return {
    message,
    payment: toPayment(listed!),
    amountPaid: centsToDollars(balance.paidCents),
    dueAmount: centsToDollars(balance.dueCents),
  };
}
