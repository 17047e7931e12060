import type { Static } from '@sinclair/typebox';
import type { Payment, PaymentResult } from '@institute/shared/schemas';
import { centsToDollars } from '../../lib/money';
import type { PaymentOutcome } from '../../payments/outcome';
import { balanceOf } from '../../payments/rules';
import { OFFLINE_METHOD_NAMES } from '../../receipts/receipt';
import { SETTLED_STATUSES, type PaymentListRecord } from '../../repositories/payments';

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

/** The answer of capture, complete and verify (the service has thrown already when the payment took no money). */
export function toPaymentResult(outcome: PaymentOutcome): Static<typeof PaymentResult> {
  return {
    message: outcome.message,
    payment: toPayment(outcome.payment),
    amountPaid: centsToDollars(outcome.balance.paidCents),
    dueAmount: centsToDollars(outcome.balance.dueCents),
  };
}
