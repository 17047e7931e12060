import { HttpError } from '../lib/http-errors';
import type { PaymentRecord } from '../repositories/payments';
import { captureOrder } from './capture';
import type { PaymentDeps } from './deps';
import { readOrder } from './read-order';
import { recordOrder } from './record-order';
import { PAYMENT_TEXT } from './texts';

export interface SettleOptions {
  /** An APPROVED order is captured (same PayPal-Request-Id) rather than left for its payer. */
  captureApproved: boolean;
}

const hasClaim = (row: PaymentRecord) => row.captureClaimedAt !== null || row.captureUnknownAt !== null || row.paypalCaptureId !== null;

/**
 * Settles one row from PayPal's answer (GET /v2/checkout/orders/{id}): COMPLETED is recorded; VOIDED or unknown
 * to PayPal (expired) is CANCELLED; APPROVED is captured when asked to; an order PayPal has not seen approved
 * releases its claim (it cannot have been captured). Throws when PayPal cannot be reached. Returns what was done.
 */
export async function settleOrder(deps: PaymentDeps, row: PaymentRecord, options: SettleOptions): Promise<string> {
  const { payments } = deps.repos;
  const order = await readOrder(deps, row);
  if (order === null) {
    if (row.status !== 'CREATED') return 'nothing to do (unknown to PayPal)';
    await payments.settle(row.id, 'CANCELLED', { reason: PAYMENT_TEXT.expired });
    return 'cancelled: unknown to PayPal';
  }
  const status = String(order.status);
  if (status === 'COMPLETED') return `recorded ${(await recordOrder(deps, row, order)).status}`;
  if (row.status !== 'CREATED') return `nothing to do (order ${status})`;
  if (status === 'VOIDED') {
    await payments.settle(row.id, 'CANCELLED', { reason: PAYMENT_TEXT.voided });
    return 'cancelled: voided';
  }
  if (status === 'APPROVED') {
    // No money is taken for an account deleted since it ordered.
    if (!options.captureApproved || !row.userId) return 'left: approved, not captured';
    try {
      return `captured: ${(await captureOrder(deps, row)).status}`;
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
 * The settle operation: before a balance is judged (a new order, a capture, the check call), the rows of that
 * balance whose capture outcome nobody knows are settled from PayPal, so a payment PayPal holds counts and no
 * second one is taken. `exceptId`: the order about to be captured, which its own capture settles.
 */
export async function settleOpenClaims(
  deps: PaymentDeps, userId: string, programId: string, exceptId: string | null, options: SettleOptions,
): Promise<void> {
  const rows = await deps.repos.payments.unsettledClaims(userId, programId, exceptId, deps.paypal.claimWindowMs);
  for (const row of rows) {
    const outcome = await settleOrder(deps, row, options);
    deps.log.info({ orderId: row.paypalOrderId, outcome }, 'unsettled capture settled from PayPal');
  }
}

/** Capture with the balance settled first: the other open claims of its balance, then this order's capture step. */
export async function settleThenCapture(deps: PaymentDeps, row: PaymentRecord): Promise<PaymentRecord> {
  if (row.status !== 'CREATED') return row;
  if (row.userId && row.programId) await settleOpenClaims(deps, row.userId, row.programId, row.id, { captureApproved: true });
  return captureOrder(deps, row);
}
