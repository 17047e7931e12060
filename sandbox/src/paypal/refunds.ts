import { isoNow, type SandboxContext } from '../context';
import { paypalId } from '../lib/ids';
import { CURRENCIES, MONEY_PATTERN, decimalsOf, fromMinor, toMinor } from '../lib/money';
import { PayPalError, invalidRequest, unprocessable } from './errors';
import { findCapture } from './orders';
import type { Capture, Money, Order, Refund } from './types';

export const captureNotFound = (id: string) =>
  new PayPalError('RESOURCE_NOT_FOUND', [{
    field: 'capture_id', value: id, location: 'path', issue: 'INVALID_RESOURCE_ID',
    description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
  }]);

/** The body of a refund request: everything optional; no amount means "the rest of the capture". */
function parseRefundBody(body: unknown): { amount?: Money; note_to_payer?: string; invoice_id?: string; custom_id?: string } {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw invalidRequest('MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
  const { amount, note_to_payer, invoice_id, custom_id } = body as Record<string, unknown>;
  const out: { amount?: Money; note_to_payer?: string; invoice_id?: string; custom_id?: string } = {};
  if (amount !== undefined) {
    const money = amount as Partial<Money> | null;
    if (!money || typeof money !== 'object' || typeof money.currency_code !== 'string' || typeof money.value !== 'string') {
      throw invalidRequest('MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.', { field: '/amount' });
    }
    if (!CURRENCIES.has(money.currency_code)) throw invalidRequest('INVALID_CURRENCY_CODE', 'Currency code is invalid or is not currently supported.', { field: '/amount/currency_code', value: money.currency_code });
    if (!MONEY_PATTERN.test(money.value)) throw invalidRequest('INVALID_PARAMETER_SYNTAX', 'The value of a field does not conform to the expected format.', { field: '/amount/value', value: money.value });
    out.amount = { currency_code: money.currency_code, value: money.value };
  }
  if (note_to_payer !== undefined) {
    if (typeof note_to_payer !== 'string' || note_to_payer.length > 255) throw invalidRequest('INVALID_STRING_LENGTH', 'The value of a field is either too short or too long.', { field: '/note_to_payer' });
    out.note_to_payer = note_to_payer;
  }
  if (invoice_id !== undefined) {
    if (typeof invoice_id !== 'string' || invoice_id.length > 127) throw invalidRequest('INVALID_STRING_LENGTH', 'The value of a field is either too short or too long.', { field: '/invoice_id' });
    out.invoice_id = invoice_id;
  }
  // PayPal's refund custom_id: the caller's own id for the refund, read back on GET and in the webhook.
  if (custom_id !== undefined) {
    if (typeof custom_id !== 'string' || custom_id.length < 1 || custom_id.length > 127) throw invalidRequest('INVALID_STRING_LENGTH', 'The value of a field is either too short or too long.', { field: '/custom_id' });
    if (!/^[A-Za-z0-9-_.,]*$/.test(custom_id)) throw invalidRequest('INVALID_PARAMETER_SYNTAX', 'The value of a field does not conform to the expected format.', { field: '/custom_id', value: custom_id });
    out.custom_id = custom_id;
  }
  return out;
}

const refundedMinor = (context: SandboxContext, capture: Capture) =>
  refundsOf(context, capture.id).reduce((sum, r) => sum + toMinor(r.amount.value, r.amount.currency_code).minor, 0);

/** The refunds of one capture, oldest first (Map order is insertion order). */
export const refundsOf = (context: SandboxContext, captureId: string): Refund[] =>
  [...context.state.refunds.values()].filter((r) => r.captureId === captureId);

/**
 * What PayPal sends for every refund, full or partial, whoever made it (the REST API or the merchant's
 * dashboard): PAYMENT.CAPTURE.REFUNDED, resource_type "refund", the resource being the refund with its link
 * rel "up" to the capture (there is no separate event for a partial refund).
 */
export function emitRefunded(context: SandboxContext, refund: Refund): void {
  const { currency_code: currency, value } = refund.amount;
  const summary = `A ${currency === 'USD' ? '$ ' : ''}${value} ${currency} capture payment was refunded`;
  context.webhooks.emit('PAYMENT.CAPTURE.REFUNDED', 'refund', refundResource(context, refund), summary);
}

/**
 * Refunds all or part of a capture, with PayPal's business errors: the capture must belong to the caller and
 * not be fully refunded; the amount must be in the capture's currency, positive, at the currency's precision and
 * not above what is left. The capture becomes PARTIALLY_REFUNDED or REFUNDED.
 */
export function refundCapture(context: SandboxContext, captureId: string, clientId: string | null, body: unknown): { refund: Refund; capture: Capture; order: Order } {
  const found = findCapture(context, captureId);
  // clientId null: the merchant's own dashboard, which sees every capture of the account.
  if (!found || (clientId !== null && found.order.clientId !== clientId)) throw captureNotFound(captureId);
  const { capture, order } = found;
  const input = parseRefundBody(body);
  const currency = capture.amount.currency_code;
  const captured = toMinor(capture.amount.value, currency).minor;
  const left = captured - refundedMinor(context, capture);
  if (capture.status === 'REFUNDED' || left <= 0) throw unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
  let minor = left;
  if (input.amount) {
    if (input.amount.currency_code !== currency) throw unprocessable('CURRENCY_MISMATCH', 'Currency of the refund amount must match the currency of the capture.', { field: '/amount/currency_code' });
    const parsed = toMinor(input.amount.value, currency);
    if (parsed.fractionDigits > decimalsOf(currency)) throw unprocessable('DECIMAL_PRECISION', 'The value of the field should not be more than two decimal places.', { field: '/amount/value' });
    if (parsed.minor <= 0) throw unprocessable('CANNOT_BE_ZERO_OR_NEGATIVE', 'Must be greater than zero.', { field: '/amount/value' });
    if (parsed.minor > left) throw unprocessable('REFUND_AMOUNT_EXCEEDED', 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.', { field: '/amount/value' });
    minor = parsed.minor;
  }
  const now = isoNow(context);
  const refund: Refund = {
    id: paypalId(),
    status: 'COMPLETED',
    amount: { currency_code: currency, value: fromMinor(minor, currency) },
    captureId: capture.id,
    orderId: order.id,
    ...(input.note_to_payer ? { note_to_payer: input.note_to_payer } : {}),
    ...(input.invoice_id ? { invoice_id: input.invoice_id } : {}),
    ...(input.custom_id ? { custom_id: input.custom_id } : {}),
    create_time: now,
    update_time: now,
  };
  context.state.refunds.set(refund.id, refund);
  capture.status = minor === left ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  capture.update_time = now;
  emitRefunded(context, refund);
  return { refund, capture, order };
}

/** The refund resource as PayPal answers it (Prefer: return=representation). */
export function refundResource(context: SandboxContext, refund: Refund): Record<string, unknown> {
  const base = context.baseUrl();
  const { captureId, orderId: _orderId, ...fields } = refund;
  // total_refunded_amount is cumulative over the capture, up to and including this refund (as PayPal reports it).
  const currency = refund.amount.currency_code;
  const upToThis = refundsOf(context, captureId);
  const total = upToThis.slice(0, upToThis.findIndex((r) => r.id === refund.id) + 1)
    .reduce((sum, r) => sum + toMinor(r.amount.value, currency).minor, 0);
  return {
    ...fields,
    seller_payable_breakdown: {
      gross_amount: refund.amount, net_amount: refund.amount,
      total_refunded_amount: { currency_code: currency, value: fromMinor(total, currency) },
    },
    links: [
      { href: `${base}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
      { href: `${base}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
    ],
  };
}
