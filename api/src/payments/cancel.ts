import { conflict, notFound } from '../lib/http-errors';
import type { PaymentDeps } from './deps';
import { ownerOf, ownRow, providerOrder } from './own-order';
import { settleOrder } from './settle';
import { PAYMENT_TEXT } from './texts';

/** The payer's cancel: only an order not yet captured; cancelling twice is fine. */
export async function cancelOrder(deps: PaymentDeps, userId: string, orderId: string): Promise<void> {
  const { payments } = deps.repos;
  const row = await ownRow(deps, userId, orderId);
  if (!row) {
    // A browser-made order we never recorded: nothing of ours to mark, but do not pretend about a paid one.
    const order = await providerOrder(deps, orderId);
    const owner = ownerOf(order);
    if (owner && owner !== userId) throw notFound(PAYMENT_TEXT.notFound);
    if (order.status === 'COMPLETED') throw conflict(PAYMENT_TEXT.alreadyCompleted);
    return;
  }
  if (row.status === 'COMPLETED' || row.status === 'REJECTED') throw conflict(PAYMENT_TEXT.alreadyCompleted);
  if (row.status !== 'CREATED') return;
  if (payments.isInFlight(row, deps.paypal.claimWindowMs)) throw conflict(PAYMENT_TEXT.inProgress);
  if (row.captureClaimedAt || row.captureUnknownAt || row.paypalCaptureId) {
    // A capture was sent: only PayPal can say whether money was taken (decision 011).
    await settleOrder(deps, row, { captureApproved: false });
    const settled = await payments.byOrderId(orderId);
    if (settled?.status === 'COMPLETED' || settled?.status === 'REJECTED') throw conflict(PAYMENT_TEXT.alreadyCompleted);
    if (settled?.status !== 'CREATED') return;
    if (settled.paypalCaptureId) throw conflict(PAYMENT_TEXT.inProgress);
    await payments.releaseClaim(row.id);
  }
  if (await payments.cancel(row.id, PAYMENT_TEXT.byPayer)) {
    // The seat and the coupon held for this order are free again at once, not when their holds would have expired.
    if (row.enrollmentId) await deps.repos.enrollments.release(row.enrollmentId);
    if (row.sessionId) await deps.repos.waitlist.offerFreedSeats(row.sessionId);
    if (row.userId && row.programId) await deps.repos.coupons.release(row.userId, row.programId);
    return;
  }
  const now = await payments.byOrderId(orderId);
  if (now?.status === 'CREATED') throw conflict(PAYMENT_TEXT.inProgress);
  if (now?.status === 'COMPLETED' || now?.status === 'REJECTED') throw conflict(PAYMENT_TEXT.alreadyCompleted);
}
