import type { Queryable } from '../db/db';
import { conflict, HttpError, unprocessable } from '../lib/http-errors';
import { formatDollars, valueToCents } from '../lib/money';
import { orderIdOf, type PaymentRecord } from '../repositories/payments';
import type { PaymentDeps } from './deps';
import { payeeOf, paysTheInstitute } from './payee';
import { PayPalError } from './paypal-client';
import type { PayPalOrder } from './paypal-types';
import { recordRefundsOfOrder } from './paypal-refunds';
import { secureSeatBeforeCapture } from './seats';
import { owedBalance } from './balance';
import { COUPON_TEXT, secureCouponBeforeCapture } from './coupons';
import { PAYMENT_TEXT } from './texts';

/** Capture states in which PayPal took the money: refunded in part or in full since, it was still captured. */
const CAPTURED = new Set(['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED']);

/** Issues after which the same order may still be captured later (the buyer can fix the funding source). */
const RETRYABLE = new Set(['INSTRUMENT_DECLINED', 'PAYER_ACTION_REQUIRED']);
/** Refusals that say another request with this key is still at work: the outcome is not known yet. */
const IN_PROGRESS = new Set(['PREVIOUS_REQUEST_IN_PROGRESS']);

async function fresh({ repos }: PaymentDeps, row: PaymentRecord): Promise<PaymentRecord> {
  return (await repos.payments.byOrderId(orderIdOf(row))) ?? row;
}

const hasClaim = (row: PaymentRecord) => row.captureClaimedAt !== null || row.captureUnknownAt !== null || row.paypalCaptureId !== null;

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

/** The enrollment a completed payment pays: pending becomes enrolled (or paid in full when nothing is due). */
export async function enrollOnCompletion(deps: PaymentDeps, row: Pick<PaymentRecord, 'userId' | 'programId' | 'priceCents' | 'enrollmentId'>, tx: Queryable) {
  const { enrollments } = deps.repos;
  if (!row.enrollmentId) return;
  const dueCents = row.userId && row.programId
    ? (await owedBalance(deps, row.userId, row.programId, { q: tx, fallbackPriceCents: row.priceCents })).dueCents
    : 0;
  await enrollments.paymentCompleted(tx, row.enrollmentId, dueCents);
}

/** PayPal's view of one of our orders; null when PayPal does not know it (404). */
async function readOrder(deps: PaymentDeps, row: PaymentRecord): Promise<PayPalOrder | null> {
  try {
    return await deps.paypal.getOrder(orderIdOf(row));
  } catch (error) {
    if (error instanceof PayPalError && error.kind === 'refused' && error.providerStatus === 404) return null;
    throw error;
  }
}

/**
 * An order above what is now due. "No money was taken" is said only after PayPal confirms it: a capture PayPal
 * already holds (an earlier attempt whose answer was lost) is recorded, with the excess flagged for a refund.
 */
async function exceedsDue(deps: PaymentDeps, row: PaymentRecord, reason: string): Promise<PaymentRecord> {
  const order = await readOrder(deps, row);
  if (order?.status === 'COMPLETED') return settleFromOrder(deps, row, order);
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
 * Records what PayPal reports for one of our orders: COMPLETED when the capture matches the amount and currency
 * we ordered (any part above what was then due flagged `refund_due`, never cancelled), REJECTED when it does not,
 * FAILED when PayPal declined it or it paid another PayPal account; a PENDING capture waits for the webhook or the reconciler. Whoever settles
 * first wins; everyone gets the row as recorded.
 */
export async function settleFromOrder(deps: PaymentDeps, row: PaymentRecord, order: PayPalOrder): Promise<PaymentRecord> {
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
      await payments.withBalanceLock(row.userId ?? '-', row.programId, async (tx) => {
        let refundDueCents = 0;
        if (row.userId && row.programId) {
          const { dueCents } = await owedBalance(deps, row.userId, row.programId, { q: tx, exceptPaymentId: row.id, fallbackPriceCents: row.priceCents });
          refundDueCents = Math.min(row.amountCents, Math.max(0, row.amountCents - dueCents));
        }
        const reason = refundDueCents > 0 ? PAYMENT_TEXT.refundDue(formatDollars(refundDueCents)) : null;
        const settled = await payments.settle(row.id, 'COMPLETED', { captureId, payerId, reason, refundDueCents }, tx);
        if (settled && refundDueCents > 0) {
          deps.log.error({ orderId: row.paypalOrderId, refundDueCents }, 'PayPal captured more than was due: recorded, flagged for a refund');
        }
        // The held coupon becomes a redemption, and the held seat the enrollment, in the transaction that records the money.
        if (settled && row.userId && row.programId) await deps.repos.coupons.confirm(tx, row.userId, row.programId, row.id);
        if (settled && row.enrollmentId) await enrollOnCompletion(deps, row, tx);
      });
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

export interface CaptureOptions {
  /** Settle the balance's other unsettled claims from PayPal first (off when called for one of those). */
  resolveOthers?: boolean;
}

/**
 * Captures one of our orders at PayPal and records it once. Final rows are returned unchanged (replays); the
 * PayPal-Request-Id is derived from the order id, so concurrent or repeated captures are one capture at PayPal.
 */
export async function captureRow(deps: PaymentDeps, row: PaymentRecord, options: CaptureOptions = {}): Promise<PaymentRecord> {
  if (row.status !== 'CREATED') return row;
  if (options.resolveOthers !== false && row.userId && row.programId) {
    await settleOpenClaims(deps, row.userId, row.programId, row.id, { captureApproved: true });
  }
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
  return settleFromOrder(deps, claimed.row, order);
}

export interface SettleOptions {
  /** An APPROVED order is captured (same PayPal-Request-Id) rather than left for its payer. */
  captureApproved: boolean;
}

/**
 * Settles one row from PayPal's answer (GET /v2/checkout/orders/{id}): COMPLETED is recorded; VOIDED or unknown
 * to PayPal (expired) is CANCELLED; APPROVED is captured when asked to; an order PayPal has not seen approved
 * releases its claim (it cannot have been captured). Throws when PayPal cannot be reached. Returns what was done.
 */
export async function settleWithPayPal(deps: PaymentDeps, row: PaymentRecord, options: SettleOptions): Promise<string> {
  const { payments } = deps.repos;
  const order = await readOrder(deps, row);
  if (order === null) {
    if (row.status !== 'CREATED') return 'nothing to do (unknown to PayPal)';
    await payments.settle(row.id, 'CANCELLED', { reason: PAYMENT_TEXT.expired });
    return 'cancelled: unknown to PayPal';
  }
  const status = String(order.status);
  if (status === 'COMPLETED') return `recorded ${(await settleFromOrder(deps, row, order)).status}`;
  if (row.status !== 'CREATED') return `nothing to do (order ${status})`;
  if (status === 'VOIDED') {
    await payments.settle(row.id, 'CANCELLED', { reason: PAYMENT_TEXT.voided });
    return 'cancelled: voided';
  }
  if (status === 'APPROVED') {
    // No money is taken for an account deleted since it ordered.
    if (!options.captureApproved || !row.userId) return 'left: approved, not captured';
    try {
      return `captured: ${(await captureRow(deps, row, { resolveOthers: false })).status}`;
    } catch (error) {
      // A business refusal (over the due, declined, another capture in flight) is final for this look.
      if (error instanceof HttpError && error.statusCode < 500) return `not captured: ${error.message}`;
      throw error;
    }
  }
  if (hasClaim(row)) {
    await payments.releaseClaim(row.id);
    return `claim released (order ${status})`;
  }
  return `nothing to do (order ${status})`;
}

/**
 * Before a balance is judged (a new order, a capture, the check call), the rows of that balance whose capture
 * outcome nobody knows are settled from PayPal, so a payment PayPal holds counts and no second one is taken.
 */
export async function settleOpenClaims(
  deps: PaymentDeps, userId: string, programId: string, exceptId: string | null, options: SettleOptions,
): Promise<void> {
  const rows = await deps.repos.payments.unsettledClaims(userId, programId, exceptId, deps.paypal.claimWindowMs);
  for (const row of rows) {
    const outcome = await settleWithPayPal(deps, row, options);
    deps.log.info({ orderId: row.paypalOrderId, outcome }, 'unsettled capture settled from PayPal');
  }
}
