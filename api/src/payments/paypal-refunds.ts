import { isId } from '../lib/ids';
import { formatDollars, valueToCents } from '../lib/money';
import type { PaymentRecord } from '../repositories/payments';
import type { PaymentDeps } from './deps';
import { PayPalError } from './paypal-error';
import { paymentRefunded } from './refunded';
import type { PayPalOrder, PayPalRefund } from './paypal-types';

/** The reason stored with a refund the institute made in PayPal itself (its dashboard), not on the admin page. */
export const REFUNDED_AT_PAYPAL = 'Refunded in PayPal (not from this site).';

/** Payments a refund can be recorded on: money PayPal took (REJECTED included: it is refunded in PayPal). */
const TOOK_MONEY = new Set(['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED', 'REJECTED']);

/** The capture a refund belongs to: the id at the end of its link rel "up" (…/v2/payments/captures/{id}). */
export function captureIdOf(refund: PayPalRefund): string | null {
  const up = refund.links?.find((link) => link.rel === 'up')?.href;
  const id = typeof up === 'string' ? /\/v2\/payments\/captures\/([A-Za-z0-9-]{1,64})\/?$/.exec(up)?.[1] : undefined;
  return id ?? null;
}

/**
 * Records one refund as PayPal reports it (read from PayPal, never from an event body) on the payment of its
 * capture: once per PayPal refund id, whoever reports it first (the admin page's answer, the webhook, the order's
 * list of refunds). Returns what was done, for the log.
 */
export async function recordPayPalRefund(deps: PaymentDeps, payment: PaymentRecord, refund: PayPalRefund): Promise<string> {
  if (typeof refund.id !== 'string') return 'ignored: PayPal sent a refund without an id';
  if (refund.status !== 'COMPLETED') return `ignored: refund ${String(refund.status)} at PayPal`;
  if (!TOOK_MONEY.has(payment.status)) return `ignored: payment ${payment.status}`;
  const cents = valueToCents(refund.amount?.value);
  if (cents === null || cents <= 0 || refund.amount?.currency_code !== payment.currency) {
    deps.log.error({ refundId: refund.id, paymentId: payment.id, amount: refund.amount }, 'PayPal reports a refund in another currency or amount form');
    return 'ignored: refund amount not in the payment\'s currency';
  }
  const ownRefundId = isId(refund.custom_id) ? refund.custom_id : null;
  const { paymentRefunds } = deps.repos;
  const paypalRefundId = refund.id;
  const outcome = await paymentRefunds.withPaymentLock(payment.id, async (tx) => {
    const recorded = await paymentRefunds.recordFromPayPal(tx, { paymentId: payment.id, paypalRefundId, amountCents: cents, ownRefundId, reason: REFUNDED_AT_PAYPAL });
    if (recorded.outcome === 'recorded') await paymentRefunded(deps.repos, tx, payment, recorded.refund);
    return recorded.outcome;
  });
  if (outcome !== 'exceeds' && payment.sessionId) await deps.repos.waitlist.offerFreedSeats(payment.sessionId);
  if (outcome === 'exceeds') {
    deps.log.error({ refundId: refund.id, paymentId: payment.id, cents }, 'PayPal reports more refunded than this payment captured');
    return 'not recorded: more than the payment captured';
  }
  return outcome === 'already' ? 'refund already recorded' : `recorded refund of ${formatDollars(cents)} (${ownRefundId ? 'ours' : 'made in PayPal'})`;
}

/**
 * Records every completed refund an order lists for the payment's capture that is not recorded yet, each read back
 * from PayPal first (the order's list is a summary: the refund itself says whose it is). Used when a payment is
 * settled from its order (a capture refunded before we saw it completed) and before an admin refund, so the
 * "never more than captured" guard counts what PayPal has refunded, not only what this site did.
 */
export async function recordRefundsOfOrder(deps: PaymentDeps, payment: PaymentRecord, order: PayPalOrder): Promise<void> {
  const listed = (order.purchase_units ?? []).flatMap((unit) => unit.payments?.refunds ?? []);
  if (listed.length === 0 || !payment.paypalCaptureId) return;
  const known = new Set((await deps.repos.paymentRefunds.listFor(payment.id)).map((r) => r.paypalRefundId));
  for (const summary of listed) {
    if (typeof summary.id !== 'string' || known.has(summary.id) || summary.status !== 'COMPLETED') continue;
    if (captureIdOf(summary) !== null && captureIdOf(summary) !== payment.paypalCaptureId) continue;
    let refund: PayPalRefund;
    try {
      refund = await deps.paypal.getRefund(summary.id);
    } catch (error) {
      if (error instanceof PayPalError && error.kind === 'refused') continue;
      throw error;
    }
    if (captureIdOf(refund) !== payment.paypalCaptureId) continue;
    const current = (await deps.repos.payments.byId(payment.id)) ?? payment;
    deps.log.info({ refundId: refund.id, paymentId: payment.id, outcome: await recordPayPalRefund(deps, current, refund) }, 'refund read from PayPal');
  }
}
