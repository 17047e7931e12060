import { conflict, unprocessable } from '../lib/http-errors';
import { formatDollars, valueToCents } from '../lib/money';
import type { PaymentRecord } from '../repositories/payments';
import type { PaymentDeps } from './deps';
import { PayPalError } from './paypal-client';
import type { PayPalOrder } from './paypal-types';
import { PAYMENT_TEXT } from './texts';

/** Issues after which the same order may still be captured later (the buyer can fix the funding source). */
const RETRYABLE = new Set(['INSTRUMENT_DECLINED', 'PAYER_ACTION_REQUIRED']);

async function fresh({ repos }: PaymentDeps, row: PaymentRecord): Promise<PaymentRecord> {
  return (await repos.payments.byOrderId(row.paypalOrderId)) ?? row;
}

/**
 * Under the balance lock: re-reads the row, refuses an amount above what is now due (counting captures of
 * other orders in flight), then marks this order's capture as in flight. Returns the row as it now is.
 */
async function claim(deps: PaymentDeps, row: PaymentRecord): Promise<PaymentRecord> {
  const payments = deps.repos.payments;
  return payments.withBalanceLock(row.userId ?? '-', row.programId, async (tx) => {
    const current = (await payments.byOrderId(row.paypalOrderId, tx)) ?? row;
    if (current.status !== 'CREATED') return current;
    if (current.userId && current.programId) {
      const program = await payments.program(current.programId, tx);
      const price = program?.priceCents ?? current.priceCents ?? 0;
      const due = Math.max(price - (await payments.paidCents(current.userId, current.programId, tx, current.id)), 0);
      if (current.amountCents > due) {
        const reason = PAYMENT_TEXT.exceedsDue(formatDollars(due));
        await payments.settle(current.id, 'CANCELLED', { reason }, tx);
        return { ...current, status: 'CANCELLED', statusReason: reason };
      }
      const inFlight = await payments.inFlightCents(current.userId, current.programId, current.id, tx);
      if (current.amountCents > due - inFlight) throw conflict(PAYMENT_TEXT.otherInFlight);
    }
    await payments.claim(current.id, tx);
    return current;
  });
}

/** A refused capture: already captured is fine (read the order), the rest end here with a clear answer. */
async function afterRefusal(deps: PaymentDeps, row: PaymentRecord, error: unknown): Promise<PayPalOrder> {
  // An unknown outcome keeps the claim: a retry repeats the same PayPal-Request-Id and cannot capture twice.
  if (!(error instanceof PayPalError) || error.kind === 'unavailable') throw error;
  const { payments } = deps.repos;
  if (error.issue === 'ORDER_ALREADY_CAPTURED') return deps.paypal.getOrder(row.paypalOrderId);
  if (error.issue === 'ORDER_NOT_APPROVED' || RETRYABLE.has(error.issue ?? '')) {
    await payments.releaseClaim(row.id);
    throw unprocessable(error.issue === 'ORDER_NOT_APPROVED' ? PAYMENT_TEXT.notApproved : PAYMENT_TEXT.declined);
  }
  if (error.providerStatus === 422 || error.providerStatus === 404) {
    const reason = PAYMENT_TEXT.refusedByPayPal(error.issue ?? 'UNKNOWN');
    await payments.settle(row.id, 'FAILED', { reason });
    throw unprocessable(reason);
  }
  // 400/401/403: our request or our credentials are wrong; nothing about this order is known to be final.
  await payments.releaseClaim(row.id);
  throw error;
}

/**
 * Records what PayPal reports for one of our orders: COMPLETED when the capture matches the amount and currency
 * we ordered, REJECTED when it does not, FAILED when PayPal declined it; a PENDING capture waits for the webhook.
 * Whoever settles first wins; everyone gets the row as recorded.
 */
export async function settleFromOrder(deps: PaymentDeps, row: PaymentRecord, order: PayPalOrder): Promise<PaymentRecord> {
  const { payments } = deps.repos;
  const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
  if (order.status !== 'COMPLETED' || !capture) throw new PayPalError('unavailable', 200);
  const captureId = typeof capture.id === 'string' ? capture.id : null;
  const payerId = typeof order.payer?.payer_id === 'string' ? order.payer.payer_id : null;
  if (capture.status === 'PENDING') {
    await payments.notePending(row.id, captureId);
  } else if (capture.status === 'COMPLETED') {
    const cents = valueToCents(capture.amount?.value);
    const currency = capture.amount?.currency_code;
    if (cents === row.amountCents && currency === row.currency) {
      await payments.settle(row.id, 'COMPLETED', { captureId, payerId });
    } else {
      const got = `${String(capture.amount?.value)} ${String(currency)}`;
      const reason = PAYMENT_TEXT.mismatch(got, `${formatDollars(row.amountCents)} ${row.currency}`);
      deps.log.error({ orderId: row.paypalOrderId, got, ordered: row.amountCents }, 'captured amount differs from the order');
      await payments.settle(row.id, 'REJECTED', { captureId, payerId, reason });
    }
  } else {
    await payments.settle(row.id, 'FAILED', { captureId, payerId, reason: PAYMENT_TEXT.failed });
  }
  return fresh(deps, row);
}

/**
 * Captures one of our orders at PayPal and records it once. Final rows are returned unchanged (replays); the
 * PayPal-Request-Id is derived from the order id, so concurrent or repeated captures are one capture at PayPal.
 */
export async function captureRow(deps: PaymentDeps, row: PaymentRecord): Promise<PaymentRecord> {
  if (row.status !== 'CREATED') return row;
  const claimed = await claim(deps, row);
  if (claimed.status !== 'CREATED') return claimed;
  let order: PayPalOrder;
  try {
    order = await deps.paypal.captureOrder(row.paypalOrderId, `capture-${row.paypalOrderId}`);
  } catch (error) {
    order = await afterRefusal(deps, row, error);
  }
  return settleFromOrder(deps, claimed, order);
}
