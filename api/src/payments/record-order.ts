import type { Queryable } from '../db/db';
import { formatDollars, valueToCents } from '../lib/money';
import type { PaymentRecord } from '../repositories/payments';
import { owedBalance } from './balance';
import { paymentCompleted } from './completed';
import type { PaymentDeps } from './deps';
import { payeeOf, paysTheInstitute } from './payee';
import { PayPalError } from './paypal-error';
import { recordRefundsOfOrder } from './paypal-refunds';
import type { PayPalOrder } from './paypal-types';
import { fresh } from './read-order';
import { PAYMENT_TEXT } from './texts';

/** Capture states in which PayPal took the money: refunded in part or in full since, it was still captured. */
const CAPTURED = new Set(['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED']);

/** The enrollment a completed payment pays: pending becomes enrolled (or paid in full when nothing is due). */
export async function enrollOnCompletion(deps: PaymentDeps, row: Pick<PaymentRecord, 'userId' | 'programId' | 'priceCents' | 'enrollmentId'>, tx: Queryable) {
  const { enrollments } = deps.repos;
  if (!row.enrollmentId) return;
  const dueCents = row.userId && row.programId
    ? (await owedBalance(deps, row.userId, row.programId, { q: tx, fallbackPriceCents: row.priceCents })).dueCents
    : 0;
  await enrollments.paymentCompleted(tx, row.enrollmentId, dueCents);
}

/**
 * The money PayPal took for this order, as ordered: COMPLETED under the balance lock, any part above what was then
 * due flagged `refund_due` (never cancelled). The coupon, the seat and the receipt email follow in the same
 * transaction, once: whoever completes the row first does them.
 */
async function complete(deps: PaymentDeps, row: PaymentRecord, captureId: string | null, payerId: string | null): Promise<void> {
  const { payments } = deps.repos;
  await payments.withBalanceLock(row.userId ?? '-', row.programId, async (tx) => {
    let refundDueCents = 0;
    if (row.userId && row.programId) {
      const { dueCents } = await owedBalance(deps, row.userId, row.programId, { q: tx, exceptPaymentId: row.id, fallbackPriceCents: row.priceCents });
      refundDueCents = Math.min(row.amountCents, Math.max(0, row.amountCents - dueCents));
    }
    const reason = refundDueCents > 0 ? PAYMENT_TEXT.refundDue(formatDollars(refundDueCents)) : null;
    if (!(await payments.settle(row.id, 'COMPLETED', { captureId, payerId, reason, refundDueCents }, tx))) return;
    if (refundDueCents > 0) deps.log.error({ orderId: row.paypalOrderId, refundDueCents }, 'PayPal captured more than was due: recorded, flagged for a refund');
    await paymentCompleted(deps.repos, tx, row);
    if (row.userId && row.programId) await deps.repos.coupons.confirm(tx, row.userId, row.programId, row.id);
    await enrollOnCompletion(deps, row, tx);
  });
}

/**
 * Records what PayPal reports for one of our orders: COMPLETED when the capture matches the amount and currency
 * we ordered, REJECTED when it does not, FAILED when PayPal declined it or it paid another PayPal account; a
 * PENDING capture waits for the webhook or the reconciler. Whoever settles first wins; everyone gets the row as
 * recorded. Throws (unknown outcome) for an order PayPal does not report as captured.
 */
export async function recordOrder(deps: PaymentDeps, row: PaymentRecord, order: PayPalOrder): Promise<PaymentRecord> {
  const { payments } = deps.repos;
  const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
  if (order.status !== 'COMPLETED' || !capture) throw new PayPalError('unavailable', 200);
  const captureId = typeof capture.id === 'string' ? capture.id : null;
  const payerId = typeof order.payer?.payer_id === 'string' ? order.payer.payer_id : null;
  if (!paysTheInstitute(order, deps.paypal.merchant)) {
    // The payee was changed after we created the order (PayPal lets the buyer's page patch it): no money of ours.
    deps.log.error({ orderId: row.paypalOrderId, payee: payeeOf(order) }, 'order pays another PayPal account: recorded as FAILED');
    await payments.settle(row.id, 'FAILED', { captureId, payerId, reason: PAYMENT_TEXT.otherPayee });
    return fresh(deps, row);
  }
  if (capture.status === 'PENDING') {
    await payments.notePending(row.id, captureId);
  } else if (CAPTURED.has(String(capture.status))) {
    const cents = valueToCents(capture.amount?.value);
    const currency = capture.amount?.currency_code;
    if (cents === row.amountCents && currency === row.currency) {
      await complete(deps, row, captureId, payerId);
    } else {
      const got = `${String(capture.amount?.value)} ${String(currency)}`;
      const reason = PAYMENT_TEXT.mismatch(got, `${formatDollars(row.amountCents)} ${row.currency}`);
      deps.log.error({ orderId: row.paypalOrderId, got, ordered: row.amountCents }, 'captured amount differs from the order');
      await payments.settle(row.id, 'REJECTED', { captureId, payerId, reason });
    }
  } else {
    await payments.settle(row.id, 'FAILED', { captureId, payerId, reason: PAYMENT_TEXT.failed });
  }
  const settled = await fresh(deps, row);
  // A capture refunded before we recorded it (its answer was lost, then the institute refunded it in PayPal):
  // the refunds the order lists are recorded too, or the payment would count money PayPal gave back.
  await recordRefundsOfOrder(deps, settled, order);
  return fresh(deps, settled);
}
