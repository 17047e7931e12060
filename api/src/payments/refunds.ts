import { badRequest, notFound, unprocessable } from '../lib/http-errors';
import { isId } from '../lib/ids';
import { centsToValue, formatDollars } from '../lib/money';
import type { RefundRecord } from '../repositories/payment-refunds';
import type { PaymentRecord } from '../repositories/payments';
import type { PaymentDeps } from './deps';
import { PayPalError } from './paypal-client';

export const REFUND_TEXT = {
  notFound: 'Payment not found.',
  notRefundable: 'Only a completed payment can be refunded.',
  noCapture: 'This payment has no PayPal capture to refund.',
  tooMuch: (left: string) => `The refund may not exceed what is left of the payment (${left}).`,
  nothingLeft: 'This payment has already been refunded in full.',
  refused: (issue: string) => `PayPal refused the refund (${issue}).`,
  pending: 'PayPal has not confirmed the refund yet; it is held for this payment. Refresh in a minute.',
  done: (amount: string) => `Refunded ${amount}.`,
} as const;

const REFUNDABLE = new Set(['COMPLETED', 'PARTIALLY_REFUNDED']);

/**
 * Admin refunds through PayPal (decision 020). The amount is reserved under the payment's row lock before PayPal
 * is asked, so concurrent refunds can never add up to more than was captured; PayPal-Request-Id refund-<our id>
 * makes a retried or resumed refund the same refund. An unknown outcome keeps the reservation (PENDING) and the
 * next refund request of the payment resumes it with the same key before doing anything else.
 */
export function refundOperations(deps: PaymentDeps) {
  const { payments, paymentRefunds, emailOutbox } = deps.repos;

  async function askPayPal(payment: PaymentRecord, refund: RefundRecord): Promise<'COMPLETED' | 'PENDING'> {
    let answer: Record<string, unknown>;
    try {
      answer = await deps.paypal.refundCapture(payment.paypalCaptureId!, {
        amount: { currency_code: payment.currency, value: centsToValue(refund.amountCents) },
        note_to_payer: `Refund from ${payment.programTitle ?? 'your program'}`.slice(0, 255),
      }, `refund-${refund.id}`);
    } catch (error) {
      if (error instanceof PayPalError && error.kind === 'refused') {
        await paymentRefunds.fail(refund.id, error.issue ?? String(error.providerStatus));
        throw unprocessable(REFUND_TEXT.refused(error.issue ?? 'unknown issue'));
      }
      throw error; // unknown outcome: stays PENDING, resumed with the same key
    }
    if (answer.status !== 'COMPLETED' || typeof answer.id !== 'string') return 'PENDING';
    await paymentRefunds.complete(refund.id, answer.id, async (tx, refundedCents) => {
      if (!payment.userId) return;
      const [user] = await tx.query<{ email: string; username: string }>('SELECT email, username FROM users WHERE id = $1', [payment.userId]);
      if (!user) return;
      await emailOutbox.enqueue({
        kind: 'refund', toEmail: user.email, dedupeKey: `refund:${refund.id}`,
        templateParams: {
          toName: user.username, paymentId: payment.id, program: payment.programTitle ?? 'your program',
          amount: refund.amountCents / 100, refundedTotal: refundedCents / 100, receiptNumber: payment.receiptNumber ?? '',
        },
      }, tx);
    });
    return 'COMPLETED';
  }

  return {
    /** `amountCents` null: everything still refundable. Resolves to the payment as it is afterwards. */
    async refund(input: { paymentId: string; amountCents: number | null; reason: string | null; adminId: string }) {
      if (!isId(input.paymentId)) throw notFound(REFUND_TEXT.notFound);
      const payment = await payments.byId(input.paymentId);
      if (!payment) throw notFound(REFUND_TEXT.notFound);
      if (!REFUNDABLE.has(payment.status)) throw unprocessable(payment.status === 'REFUNDED' ? REFUND_TEXT.nothingLeft : REFUND_TEXT.notRefundable);
      if (!payment.paypalCaptureId) throw unprocessable(REFUND_TEXT.noCapture);
      // An earlier refund whose answer was lost is settled first, with its own key: it may already be done.
      for (const earlier of await paymentRefunds.pending(payment.id)) {
        // A refused one is released (FAILED) and no obstacle to this refund.
        await askPayPal(payment, earlier).catch((error: unknown) => {
          if ((error as { statusCode?: number }).statusCode !== 422) throw error;
        });
      }
      const reserved = await paymentRefunds.reserve({ paymentId: payment.id, amountCents: input.amountCents, reason: input.reason, createdBy: input.adminId });
      if (!('refund' in reserved)) {
        throw (reserved.refundableCents === 0 ? unprocessable(REFUND_TEXT.nothingLeft) : badRequest(REFUND_TEXT.tooMuch(formatDollars(reserved.refundableCents))));
      }
      const outcome = await askPayPal(payment, reserved.refund);
      return { outcome, refund: reserved.refund, message: outcome === 'COMPLETED' ? REFUND_TEXT.done(formatDollars(reserved.refund.amountCents)) : REFUND_TEXT.pending };
    },
  };
}

export type RefundOperations = ReturnType<typeof refundOperations>;
