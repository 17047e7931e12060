import { invalidRequest, unprocessable } from './errors';
import type { Payee, PurchaseUnit } from './types';
import { checkBreakdown } from './validate-breakdown';
import { isObject, parseMoney, type Json } from './validate-money';

export interface CreateOrderInput {
  intent: 'CAPTURE' | 'AUTHORIZE';
  purchaseUnits: PurchaseUnit[];
  payerActionFlow: boolean;
  returnUrl?: string;
  cancelUrl?: string;
  brandName?: string;
}

const missing = (field: string) =>
  invalidRequest('MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.', { field });

function optionalString(unit: Json, key: string, max: number, path: string): string | undefined {
  const value = unit[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    throw invalidRequest('INVALID_PARAMETER_SYNTAX', 'The value of a field does not conform to the expected format.', { field: `${path}/${key}` });
  }
  if (value.length < 1 || value.length > max) {
    throw invalidRequest('INVALID_STRING_LENGTH', 'The value of a field is either too short or too long.', { field: `${path}/${key}`, value });
  }
  return value;
}

// PayPal's patterns: merchant ids are 13 upper-case alphanumerics; an email address at most 254 characters.
const MERCHANT_ID = /^[0-9A-Z]{13}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** purchase_units[].payee: whoever creates the order (a page with the public client id too) may name another account. */
function parsePayee(raw: unknown, path: string): Payee | undefined {
  if (raw === undefined) return undefined;
  const syntax = (field: string) =>
    invalidRequest('INVALID_PARAMETER_SYNTAX', 'The value of a field does not conform to the expected format.', { field: `${path}/payee${field}` });
  if (!isObject(raw)) throw syntax('');
  const payee: Payee = {};
  if (raw.email_address !== undefined) {
    if (typeof raw.email_address !== 'string' || raw.email_address.length > 254 || !EMAIL.test(raw.email_address)) throw syntax('/email_address');
    payee.email_address = raw.email_address;
  }
  if (raw.merchant_id !== undefined) {
    if (typeof raw.merchant_id !== 'string' || !MERCHANT_ID.test(raw.merchant_id)) throw syntax('/merchant_id');
    payee.merchant_id = raw.merchant_id;
  }
  return payee.email_address || payee.merchant_id ? payee : undefined;
}

function parseUnit(raw: unknown, index: number, count: number): PurchaseUnit {
  if (!isObject(raw)) {
    throw invalidRequest('INVALID_PARAMETER_SYNTAX', 'The value of a field does not conform to the expected format.', { field: `/purchase_units/${index}` });
  }
  const given = optionalString(raw, 'reference_id', 256, `/purchase_units/${index}`);
  if (given === undefined && count > 1) {
    throw unprocessable('REFERENCE_ID_REQUIRED', "'reference_id' is required for each 'purchase_unit' if multiple 'purchase_unit' are provided.", { field: `/purchase_units/${index}/reference_id`, location: 'body' });
  }
  const reference = given ?? 'default';
  const path = `/purchase_units/@reference_id=='${reference}'`;
  const amount = parseMoney(raw.amount, `${path}/amount`);
  const unit: PurchaseUnit = { reference_id: reference, amount };
  for (const [key, max] of [['description', 127], ['custom_id', 127], ['invoice_id', 127], ['soft_descriptor', 22]] as const) {
    const value = optionalString(raw, key, max, path);
    if (value !== undefined) unit[key] = value;
  }
  checkBreakdown(raw, unit, path);
  const payee = parsePayee(raw.payee, path);
  if (payee) unit.payee = payee;
  if (raw.shipping !== undefined) unit.shipping = raw.shipping;
  return unit;
}

function parseReturnUrl(context: Json, key: 'return_url' | 'cancel_url', path: string): string | undefined {
  const value = context[key];
  if (value === undefined) return undefined;
  try {
    const url = new URL(String(value));
    if (typeof value === 'string' && (url.protocol === 'http:' || url.protocol === 'https:')) return value;
  } catch {
    /* reported below */
  }
  throw invalidRequest('INVALID_PARAMETER_SYNTAX', 'The value of a field does not conform to the expected format.', { field: `${path}/${key}`, value: String(value) });
}

/** Validates a create-order body; throws PayPalError with PayPal's issue codes. */
export function parseCreateOrder(body: unknown): CreateOrderInput {
  if (!isObject(body)) throw invalidRequest('MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
  if (body.intent === undefined) throw missing('/intent');
  if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE') {
    throw invalidRequest('INVALID_PARAMETER_VALUE', 'The value of a field is invalid.', { field: '/intent', value: String(body.intent) });
  }
  const units = body.purchase_units;
  if (!Array.isArray(units) || units.length === 0) throw missing('/purchase_units');
  if (units.length > 10) {
    throw invalidRequest('INVALID_ARRAY_MAX_ITEMS', 'The number of items in an array parameter is too large.', { field: '/purchase_units' });
  }
  const purchaseUnits = units.map((unit, index) => parseUnit(unit, index, units.length));
  if (new Set(purchaseUnits.map((u) => u.reference_id)).size !== purchaseUnits.length) {
    throw unprocessable('DUPLICATE_REFERENCE_ID', '`reference_id` must be unique if multiple `purchase_unit` are provided.', { field: '/purchase_units', location: 'body' });
  }
  if (new Set(purchaseUnits.map((u) => u.amount.currency_code)).size > 1) {
    throw unprocessable('MULTI_CURRENCY_ORDER', 'Multiple differing values of currency_code are not supported. Entire Order request must have the same currency_code.', { field: '/purchase_units', location: 'body' });
  }

  const paypal = isObject(body.payment_source) && isObject(body.payment_source.paypal) ? body.payment_source.paypal : undefined;
  const experience = paypal && isObject(paypal.experience_context) ? paypal.experience_context : undefined;
  const legacy = isObject(body.application_context) ? body.application_context : undefined;
  const context = experience ?? legacy;
  const path = experience ? '/payment_source/paypal/experience_context' : '/application_context';
  const returnUrl = context && parseReturnUrl(context, 'return_url', path);
  const cancelUrl = context && parseReturnUrl(context, 'cancel_url', path);
  const brandName = context && typeof context.brand_name === 'string' ? context.brand_name : undefined;
  return {
    intent: body.intent,
    purchaseUnits,
    // Only the modern experience_context yields PAYER_ACTION_REQUIRED; legacy application_context keeps CREATED.
    payerActionFlow: Boolean(experience && returnUrl && cancelUrl),
    ...(returnUrl ? { returnUrl } : {}),
    ...(cancelUrl ? { cancelUrl } : {}),
    ...(brandName ? { brandName } : {}),
  };
}
