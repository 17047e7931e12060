import { randomUUID } from 'node:crypto';
import { badGateway, unprocessable } from '../lib/http-errors';
import { isId } from '../lib/ids';
import { valueToCents } from '../lib/money';
import type { PaymentRecord } from '../repositories/payments';
import type { PaymentDeps } from './deps';
import { payeeOf, paysTheInstitute } from './payee';
import { enrollOnCompletion } from './record-order';
import { paymentCompleted } from './completed';
import { PROVIDER_TEXT } from './paypal-error';
import { releaseLiveHold, SEAT_TEXT, seatForRecordedPayment } from './seats';
import type { PayPalOrder } from './paypal-types';
import { checkAmount, CURRENCY } from './rules';
import { owedBalance } from './balance';
import { secureCouponBeforeCapture } from './coupons';
import { PAYMENT_TEXT } from './texts';

/**
 * An order created and captured in the browser (checkout modal), as PayPal reports it to our own credentials.
 * The money is already taken, so nothing is refused here: a capture that keeps the rules is COMPLETED, one that
 * breaks them (amount, currency, unknown course) is REJECTED, for a refund rather than an enrollment. An order that
 * paid another PayPal account (payee) took no money of ours: it is refused and nothing is recorded.
 */
export async function recordClientOrder(
  deps: PaymentDeps, userId: string, orderId: string, order: PayPalOrder, sessionId?: string,
): Promise<PaymentRecord> {
  if (!paysTheInstitute(order, deps.paypal.merchant)) {
    // Not our money: nothing to record, and nothing of ours to refund.
    deps.log.warn({ orderId, userId, payee: payeeOf(order) }, 'browser-made order pays another PayPal account: not recorded');
    throw unprocessable(PAYMENT_TEXT.otherPayee);
  }
  const units = order.purchase_units ?? [];
  const unit = units[0];
  const capture = unit?.payments?.captures?.[0];
  if (order.status !== 'COMPLETED' || !capture) throw unprocessable(PAYMENT_TEXT.notCompleted);
  if (capture.status === 'PENDING') throw unprocessable(PAYMENT_TEXT.stillProcessing);
  if (capture.status !== 'COMPLETED') throw unprocessable(PAYMENT_TEXT.notCompleted);
  const cents = valueToCents(capture.amount?.value);
  if (cents === null || cents === 0) throw badGateway(PROVIDER_TEXT.unavailable);
  const rawCurrency = capture.amount?.currency_code ?? '';
  const currency = /^[A-Z]{3}$/.test(rawCurrency) ? rawCurrency : 'XXX';
  const reference = unit?.reference_id;
  const programId = isId(reference) ? reference : null;
  const { payments } = deps.repos;
  // The code the browser priced this order with is kept if its hold expired meanwhile and a use is left.
  if (programId) await secureCouponBeforeCapture(deps, { userId, programId, status: 'CREATED' });

  const outcome = await payments.withBalanceLock(userId, programId, async (tx): Promise<PaymentRecord | { unaccepted: number }> => {
    const existing = await payments.byOrderId(orderId, tx);
    if (existing) return existing;
    const program = programId ? await payments.program(programId, tx) : null;
    let reason: string | null = null;
    if (units.length !== 1) reason = PAYMENT_TEXT.onePurchase;
    else if (!program || !programId) reason = PAYMENT_TEXT.unknownProgram;
    else if (currency !== CURRENCY) reason = PAYMENT_TEXT.usdOnly(rawCurrency || 'none');
    else {
      const verdict = checkAmount(cents, await owedBalance(deps, userId, programId, { q: tx }));
      if (!verdict.ok) reason = verdict.message;
    }
    // The seat it was opened with (POST /api/sessions/:id/holds), or a free one; a full session is a refund.
    const seating = !reason && programId ? await seatForRecordedPayment(deps, tx, userId, programId, sessionId) : null;
    if (seating && 'unaccepted' in seating) return seating;
    if (seating && 'reason' in seating) reason = seating.reason;
    const seat = seating && 'seat' in seating ? seating.seat : null;
    if (reason) deps.log.warn({ orderId, userId, reason }, 'browser-made payment breaks the rules: recorded as REJECTED');
    const inserted = await payments.insert({
      id: randomUUID(),
      userId,
      programId: program ? programId : null,
      programTitle: program?.title ?? (typeof unit?.description === 'string' ? unit.description.slice(0, 200) : null),
      priceCents: program?.priceCents ?? null,
      amountCents: cents,
      currency,
      flow: 'client',
      paypalOrderId: orderId,
      paypalCaptureId: typeof capture.id === 'string' ? capture.id : null,
      payerId: typeof order.payer?.payer_id === 'string' ? order.payer.payer_id : null,
      status: reason ? 'REJECTED' : 'COMPLETED',
      statusReason: reason,
      sessionId: seat?.sessionId ?? null,
      enrollmentId: seat?.enrollmentId ?? null,
    }, tx);
    if (inserted && !reason) await paymentCompleted(deps.repos, tx, inserted);
    if (inserted && !reason && programId) await deps.repos.coupons.confirm(tx, userId, programId, inserted.id);
    if (inserted && seat && !reason) {
      await enrollOnCompletion(deps, { userId, programId, priceCents: program?.priceCents ?? null, enrollmentId: seat.enrollmentId }, tx);
    }
    // The unique order id settles a race with another request recording the same order.
    return inserted ?? (await payments.byOrderId(orderId, tx))!;
  });
  if (!('unaccepted' in outcome)) return outcome;
  // The agreement comes before the seat: the hold opened for this order goes back until the student accepts.
  if (programId) await releaseLiveHold(deps, userId, programId);
  throw unprocessable(SEAT_TEXT.agreementAfterPaying(outcome.unaccepted));
}
