import { conflict, unprocessable } from '../lib/http-errors';
import { formatDollars } from '../lib/money';
import { orderIdOf, type PaymentRecord } from '../repositories/payments';
import { owedBalance } from './balance';
import { COUPON_TEXT, secureCouponBeforeCapture } from './coupons';
import type { PaymentDeps } from './deps';
import { PayPalError } from './paypal-error';
import type { PayPalOrder } from './paypal-types';
import { fresh, readOrder } from './read-order';
import { recordOrder } from './record-order';
import { secureSeatBeforeCapture } from './seats';
import { PAYMENT_TEXT } from './texts';

/** Issues after which the same order may still be captured later (the buyer can fix the funding source). */
const RETRYABLE = new Set(['INSTRUMENT_DECLINED', 'PAYER_ACTION_REQUIRED']);
/** Refusals that say another request with this key is still at work: the outcome is not known yet. */
const IN_PROGRESS = new Set(['PREVIOUS_REQUEST_IN_PROGRESS']);

interface Claimed {
  row: PaymentRecord;
  /** The order is above what is now due; PayPal decides whether it is cancelled or recorded for a refund. */
  exceeds?: string;
}

/**
 * Under the balance lock: re-reads the row, checks its amount against what is now due (counting every other
 * claimed order of the balance, in flight or not yet settled from PayPal), then marks this order's capture as
 * in flight. Nothing is cancelled here: that needs PayPal's word (exceedsDue).
 */
async function claim(deps: PaymentDeps, row: PaymentRecord): Promise<Claimed> {
  const payments = deps.repos.payments;
  return payments.withBalanceLock(row.userId ?? '-', row.programId, async (tx) => {
    const current = (await payments.byOrderId(orderIdOf(row), tx)) ?? row;
    if (current.status !== 'CREATED') return { row: current };
    if (current.userId && current.programId) {
      const { dueCents: due } = await owedBalance(deps, current.userId, current.programId,
        { q: tx, exceptPaymentId: current.id, fallbackPriceCents: current.priceCents });
      if (current.amountCents > due) return { row: current, exceeds: PAYMENT_TEXT.exceedsDue(formatDollars(due)) };
      const inFlight = await payments.inFlightCents(current.userId, current.programId, current.id, tx);
      if (current.amountCents > due - inFlight) throw conflict(PAYMENT_TEXT.otherInFlight);
    }
    await payments.claim(current.id, tx);
    return { row: current };
  });
}

/**
 * An order above what is now due. "No money was taken" is said only after PayPal confirms it: a capture PayPal
 * already holds (an earlier attempt whose answer was lost) is recorded, with the excess flagged for a refund.
 */
async function exceedsDue(deps: PaymentDeps, row: PaymentRecord, reason: string): Promise<PaymentRecord> {
  const order = await readOrder(deps, row);
  if (order?.status === 'COMPLETED') return recordOrder(deps, row, order);
  await deps.repos.payments.settle(row.id, 'CANCELLED', { reason });
  return fresh(deps, row);
}

/**
 * A capture that did not answer with a capture. An unknown outcome (network, timeout, 5xx) keeps the claim,
 * noted as unknown, after one look at PayPal; refusals end here with a clear answer, after PayPal confirms the
 * order is not captured.
 */
async function afterRefusal(deps: PaymentDeps, row: PaymentRecord, error: unknown): Promise<PayPalOrder> {
  const { payments } = deps.repos;
  if (!(error instanceof PayPalError) || error.kind === 'unavailable' || IN_PROGRESS.has(error.issue ?? '')) {
    // The capture may have happened: PayPal is asked once now; if it cannot say, the row waits for the next
    // request, the reconciler or the webhook, all of which ask PayPal again. The retry uses the same key.
    const order = await readOrder(deps, row).catch(() => undefined);
    if (order?.status === 'COMPLETED') return order;
    await payments.noteUnknown(row.id);
    deps.log.warn({ orderId: row.paypalOrderId, paypal: order?.status ?? 'unreachable' }, 'capture outcome unknown: left for PayPal to settle');
    throw error;
  }
  if (error.issue === 'ORDER_ALREADY_CAPTURED') return deps.paypal.getOrder(orderIdOf(row));
  if (error.issue === 'ORDER_NOT_APPROVED' || RETRYABLE.has(error.issue ?? '')) {
    await payments.releaseClaim(row.id);
    throw unprocessable(error.issue === 'ORDER_NOT_APPROVED' ? PAYMENT_TEXT.notApproved : PAYMENT_TEXT.declined);
  }
  if (error.providerStatus === 422 || error.providerStatus === 404) {
    // A refusal of this attempt says nothing about an earlier one whose answer was lost.
    const order = await readOrder(deps, row).catch(() => undefined);
    if (order?.status === 'COMPLETED') return order;
    if (order === undefined) {
      await payments.noteUnknown(row.id);
      throw error;
    }
    const reason = PAYMENT_TEXT.refusedByPayPal(error.issue ?? 'UNKNOWN');
    await payments.settle(row.id, 'FAILED', { reason });
    throw unprocessable(reason);
  }
  // 400/401/403: our request or our credentials are wrong. An earlier attempt may have landed: PayPal is asked later.
  await payments.noteUnknown(row.id);
  throw error;
}

/**
 * The capture step: captures this one order at PayPal and records it once. It never settles the balance's other
 * orders (the caller does that first when it should: settle.ts). Final rows are returned unchanged (replays); the
 * PayPal-Request-Id is derived from the order id, so concurrent or repeated captures are one capture at PayPal.
 */
export async function captureOrder(deps: PaymentDeps, row: PaymentRecord): Promise<PaymentRecord> {
  if (row.status !== 'CREATED') return row;
  // A seat lost while the payer was at PayPal cancels the order here, before anything is captured.
  await secureSeatBeforeCapture(deps, row);
  // So does a coupon whose last use another student took while this payer was at PayPal.
  if (await secureCouponBeforeCapture(deps, row) && await deps.repos.payments.cancel(row.id, COUPON_TEXT.lostCoupon)) {
    throw conflict(COUPON_TEXT.lostCoupon);
  }
  const claimed = await claim(deps, row);
  if (claimed.exceeds) return exceedsDue(deps, claimed.row, claimed.exceeds);
  if (claimed.row.status !== 'CREATED') return claimed.row;
  let order: PayPalOrder;
  try {
    order = await deps.paypal.captureOrder(orderIdOf(row), `capture-${orderIdOf(row)}`);
  } catch (error) {
    order = await afterRefusal(deps, row, error);
  }
  return recordOrder(deps, claimed.row, order);
}
