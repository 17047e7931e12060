import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../config';
import { badGateway, badRequest, conflict, notFound } from '../lib/http-errors';
import { isId } from '../lib/ids';
import { centsToValue, dollarsToCents } from '../lib/money';
import type { PaymentFlow, PaymentRecord } from '../repositories/payments';
import { settleOpenClaims } from './settle';
import type { PaymentDeps } from './deps';
import { PROVIDER_TEXT } from './paypal-error';
import { returnBase } from './return-url';
import { seatForPayment } from './seats';
import type { CreateOrderBody, PayPalOrder } from './paypal-types';
import { checkAmount, CURRENCY } from './rules';
import { owedBalance } from './balance';
import { COUPON_TEXT } from './coupons';
import { PAYMENT_TEXT } from './texts';

/** PayPal order ids (17 upper-case alphanumerics today); anything else cannot be an order, so it is a 404. */
export const ORDER_ID = /^[A-Za-z0-9-]{1,64}$/;

// PayPal's limit for purchase_units[].description.
const DESCRIPTION_MAX = 127;

export interface CreateOrderInput {
  userId: string;
  programId: string;
  /** Dollars, as the browser sends it. */
  amount: number;
  flow: Exclude<PaymentFlow, 'client'>;
  /** The Origin header of the request (redirect flow): the payer returns there when it is an allowed site origin. */
  origin?: string | undefined;
  /** The class session chosen (issue 29); older clients name none and get the earliest with a seat. */
  sessionId?: string | undefined;
}

export interface CreatedOrder {
  payment: PaymentRecord;
  /** The buyer's approval page (redirect flow only). */
  approvalUrl?: string;
}

function approvalLink(order: PayPalOrder): string | null {
  const link = order.links?.find((l) => l.rel === 'payer-action') ?? order.links?.find((l) => l.rel === 'approve');
  try {
    const url = new URL(link?.href ?? '');
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Prices the program from the database, checks the amount against the balance (decision 007), creates the
 * PayPal order, and only then records the row: a PayPal failure leaves nothing behind. The PayPal-Request-Id is
 * the row's id, so the client's one retry of an unanswered create cannot make a second order.
 */
export async function createOrder(deps: PaymentDeps, config: AppConfig, input: CreateOrderInput): Promise<CreatedOrder> {
  const { programs, payments } = deps.repos;
  const program = isId(input.programId) ? await programs.find(input.programId) : null;
  if (!program) throw notFound(PAYMENT_TEXT.programNotFound);
  const amountCents = dollarsToCents(input.amount);
  if (amountCents === null) throw badRequest(PAYMENT_TEXT.badAmount);
  // An earlier order of this balance whose capture outcome is unknown is settled from PayPal first (decision 011):
  // money PayPal already holds counts, and an order PayPal holds approved and claimed is captured, not doubled.
  await settleOpenClaims(deps, input.userId, program.id, null, { captureApproved: true });
  const balance = await owedBalance(deps, input.userId, program.id);
  // A coupon that covers the whole price enrolls without PayPal (POST /api/coupons/enroll).
  if (balance.dueCents === 0 && balance.discountCents > 0 && balance.paidCents === 0) throw conflict(COUPON_TEXT.coversAll);
  const verdict = checkAmount(amountCents, balance);
  if (!verdict.ok) throw verdict.reason === 'already-paid' ? conflict(verdict.message) : badRequest(verdict.message);
  // Orders still being captured, or whose outcome PayPal could not tell yet, hold their part of the balance.
  if (amountCents > balance.dueCents - (await payments.inFlightCents(input.userId, program.id, null))) {
    throw conflict(PAYMENT_TEXT.otherInFlight);
  }

  // The seat is held before PayPal hears of the order: a full session is refused with no order and no money moved.
  const seat = await seatForPayment(deps, input.userId, program.id, input.sessionId);

  const id = randomUUID();
  const body: CreateOrderBody = {
    intent: 'CAPTURE',
    purchase_units: [{
      reference_id: program.id,
      custom_id: input.userId,
      description: `Payment for ${program.title}`.slice(0, DESCRIPTION_MAX),
      amount: { currency_code: CURRENCY, value: centsToValue(amountCents) },
    }],
  };
  if (input.flow === 'redirect') {
    const site = returnBase(config, input.origin);
    body.payment_source = {
      paypal: {
        experience_context: {
          return_url: `${site}/payment-success`,
          cancel_url: `${site}/payment-cancel`,
          user_action: 'PAY_NOW',
          shipping_preference: 'NO_SHIPPING',
        },
      },
    };
  }
  let order: PayPalOrder;
  try {
    order = await deps.paypal.createOrder(body, `create-${id}`);
  } catch (error) {
    if (seat?.heldNow) await deps.repos.enrollments.release(seat.enrollmentId);
    throw error;
  }
  const approvalUrl = input.flow === 'redirect' ? approvalLink(order) : null;
  if (typeof order.id !== 'string' || !ORDER_ID.test(order.id) || (input.flow === 'redirect' && !approvalUrl)) {
    deps.log.error({ order }, 'PayPal answered create-order without a usable order id or approval link');
    if (seat?.heldNow) await deps.repos.enrollments.release(seat.enrollmentId);
    throw badGateway(PROVIDER_TEXT.unavailable);
  }
  const payment = await payments.insert({
    id, userId: input.userId, programId: program.id, programTitle: program.title, priceCents: program.priceCents,
    amountCents, currency: CURRENCY, flow: input.flow, paypalOrderId: order.id, status: 'CREATED',
    sessionId: seat?.sessionId ?? null, enrollmentId: seat?.enrollmentId ?? null,
  });
  if (!payment) throw new Error(`PayPal returned order ${order.id}, which is already recorded.`);
  return approvalUrl ? { payment, approvalUrl } : { payment };
}
