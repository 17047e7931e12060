import { badRequest, notFound, unprocessable } from '../lib/http-errors';
import { isId } from '../lib/ids';
import { centsToValue, formatDollars } from '../lib/money';
import type { RefundRecord } from '../repositories/payment-refunds';
import { orderIdOf, type PaymentRecord } from '../repositories/payments';
import { settleOrder } from './settle';
import type { PaymentDeps } from './deps';
import { ORDER_ID } from './orders';
import { PayPalError } from './paypal-error';
import { captureIdOf, recordPayPalRefund, recordRefundsOfOrder } from './paypal-refunds';
import { paymentRefunded } from './refunded';
import type { PayPalCapture, PayPalRefund } from './paypal-types';

export const REFUND_TEXT = {
  notFound: 'Payment not found.',
  notRefundable: 'Only a completed payment can be refunded.',
  noCapture: 'This payment has no PayPal capture to refund.',
  offline: 'This payment was taken outside PayPal: give the money back the way it came and void the payment with a reason.',
  tooMuch: (left: string) => `The refund may not exceed what is left of the payment (${left}).`,
  nothingLeft: 'This payment has already been refunded in full.',
  refused: (issue: string) => `PayPal refused the refund (${issue}).`,
  pending: 'PayPal has not confirmed the refund yet; it is held for this payment. Refresh in a minute.',
  done: (amount: string) => `Refunded ${amount}.`,
} as const;

const REFUNDABLE = new Set(['COMPLETED', 'PARTIALLY_REFUNDED']);
/** PayPal's refusals that mean "less is left than you think": refunds made in PayPal that we had not recorded. */
const LESS_LEFT = new Set(['REFUND_AMOUNT_EXCEEDED', 'CAPTURE_FULLY_REFUNDED']);

/**
 * Admin refunds through PayPal (decision 020). The amount is reserved under the payment's row lock before PayPal
 * is asked, so concurrent refunds can never add up to more than was captured; PayPal-Request-Id refund-<our id>
 * makes a retried or resumed refund the same refund. An unknown outcome keeps the reservation (PENDING) and the
 * next refund request of the payment resumes it with the same key before doing anything else.
 */
export function refundOperations(deps: PaymentDeps) {
  const { payments, paymentRefunds } = deps.repos;

  /** Reads the payment's order from PayPal and records the capture's refunds we have not recorded (made in PayPal). */
  async function recordRefundsMadeAtPayPal(payment: PaymentRecord): Promise<void> {
    await recordRefundsOfOrder(deps, payment, await deps.paypal.getOrder(orderIdOf(payment)));
  }

  /** What is left after PayPal said less is left than we thought: its refunds recorded, then our own sentence. */
  async function lessLeft(payment: PaymentRecord, issue: string): Promise<never> {
    try {
      await recordRefundsMadeAtPayPal(payment);
    } catch (error) {
      deps.log.warn({ err: error, paymentId: payment.id }, 'refunds made in PayPal could not be read now');
      throw unprocessable(REFUND_TEXT.refused(issue));
    }
    const left = await paymentRefunds.refundableCents(payment.id);
    throw (left === 0 ? unprocessable(REFUND_TEXT.nothingLeft) : badRequest(REFUND_TEXT.tooMuch(formatDollars(left))));
  }

  /** `explain`: a refusal because less is left is answered with what is left (the request being made, not a resumed one). */
  async function askPayPal(payment: PaymentRecord, refund: RefundRecord, explain = false): Promise<'COMPLETED' | 'PENDING'> {
    let answer: Record<string, unknown>;
    try {
      answer = await deps.paypal.refundCapture(payment.paypalCaptureId!, {
        amount: { currency_code: payment.currency, value: centsToValue(refund.amountCents) },
        note_to_payer: `Refund from ${payment.programTitle ?? 'your program'}`.slice(0, 255),
        // Our id on PayPal's refund: the webhook (or the order's refund list) reporting it finds this reservation.
        custom_id: refund.id,
      }, `refund-${refund.id}`);
    } catch (error) {
      if (error instanceof PayPalError && error.kind === 'refused') {
        await paymentRefunds.fail(refund.id, error.issue ?? String(error.providerStatus));
        if (explain && LESS_LEFT.has(error.issue ?? '')) await lessLeft(payment, error.issue!);
        throw unprocessable(REFUND_TEXT.refused(error.issue ?? 'unknown issue'));
      }
      throw error; // unknown outcome: stays PENDING, resumed with the same key
    }
    if (answer.status !== 'COMPLETED' || typeof answer.id !== 'string') return 'PENDING';
    const paypalRefundId = answer.id;
    await paymentRefunds.withPaymentLock(payment.id, async (tx) => {
      const recorded = await paymentRefunds.complete(tx, payment.id, refund.id, paypalRefundId);
      // null: the webhook about this refund recorded it first (same row, found by custom_id), event and all.
      if (recorded) await paymentRefunded(deps.repos, tx, payment, recorded);
    });
    // A full refund withdraws the enrollment (decision 036): its seat goes to the waitlist.
    if (payment.sessionId) await deps.repos.waitlist.offerFreedSeats(payment.sessionId);
    return 'COMPLETED';
  }

  return {
    /** `amountCents` null: everything still refundable. Resolves to the payment as it is afterwards. */
    async refund(input: { paymentId: string; amountCents: number | null; reason: string | null; adminId: string }) {
      if (!isId(input.paymentId)) throw notFound(REFUND_TEXT.notFound);
      const payment = await payments.byId(input.paymentId);
      if (!payment) throw notFound(REFUND_TEXT.notFound);
      if (!REFUNDABLE.has(payment.status)) throw unprocessable(payment.status === 'REFUNDED' ? REFUND_TEXT.nothingLeft : REFUND_TEXT.notRefundable);
      if (payment.flow === 'offline') throw unprocessable(REFUND_TEXT.offline);
      if (!payment.paypalCaptureId) throw unprocessable(REFUND_TEXT.noCapture);
      // An earlier refund whose answer was lost is settled first, with its own key: it may already be done.
      for (const earlier of await paymentRefunds.pending(payment.id)) {
        // A refused one is released (FAILED) and no obstacle to this refund.
        await askPayPal(payment, earlier).catch((error: unknown) => {
          if ((error as { statusCode?: number }).statusCode !== 422) throw error;
        });
      }
      // The guard below counts our records; refunds made in PayPal's dashboard whose webhook has not come (or
      // never will) are read from PayPal first, so the admin cannot be offered money PayPal already gave back.
      await recordRefundsMadeAtPayPal(payment);
      const reserved = await paymentRefunds.reserve({ paymentId: payment.id, amountCents: input.amountCents, reason: input.reason, createdBy: input.adminId });
      if (!('refund' in reserved)) {
        throw (reserved.refundableCents === 0 ? unprocessable(REFUND_TEXT.nothingLeft) : badRequest(REFUND_TEXT.tooMuch(formatDollars(reserved.refundableCents))));
      }
      const outcome = await askPayPal(payment, reserved.refund, true);
      return { outcome, refund: reserved.refund, message: outcome === 'COMPLETED' ? REFUND_TEXT.done(formatDollars(reserved.refund.amountCents)) : REFUND_TEXT.pending };
    },

    /**
     * PAYMENT.CAPTURE.REFUNDED / REVERSED (verified): the resource is a refund. Nothing in the event is believed:
     * the refund is read from PayPal, then the capture it belongs to (link rel "up"), and the refund is recorded
     * on our payment of that capture (by capture id, else by the capture's order id) once per PayPal refund id.
     * A capture we never recorded as taken (outcome unknown, or cancelled) is settled from PayPal first, which
     * records its refunds as well. Throws (502) when PayPal cannot be reached. Returns what was done, for the log.
     */
    async fromWebhook(refundId: string): Promise<string> {
      if (!ORDER_ID.test(refundId)) return 'ignored: not a refund id';
      let refund: PayPalRefund;
      let capture: PayPalCapture;
      try {
        refund = await deps.paypal.getRefund(refundId);
        const captureId = captureIdOf(refund);
        if (!captureId) return 'ignored: the refund names no capture';
        capture = await deps.paypal.getCapture(captureId);
      } catch (error) {
        if (error instanceof PayPalError && error.kind === 'refused') return `ignored: PayPal answered ${error.providerStatus}`;
        throw error;
      }
      const orderId = capture.supplementary_data?.related_ids?.order_id;
      let payment = (typeof capture.id === 'string' ? await payments.byCaptureId(capture.id) : null)
        ?? (typeof orderId === 'string' && ORDER_ID.test(orderId) ? await payments.byOrderId(orderId) : null);
      if (!payment) return 'ignored: a capture we have no payment for';
      if (payment.status === 'CREATED' || payment.status === 'CANCELLED') {
        const settled = await settleOrder(deps, payment, { captureApproved: false });
        payment = (await payments.byId(payment.id)) ?? payment;
        if (payment.status === 'CREATED' || payment.status === 'CANCELLED') return `ignored: payment ${payment.status} (${settled})`;
      }
      return recordPayPalRefund(deps, payment, refund);
    },
  };
}

export type RefundOperations = ReturnType<typeof refundOperations>;
