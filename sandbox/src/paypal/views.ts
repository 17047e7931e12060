import type { SandboxContext } from '../context';
import type { Capture, Order, Payee, PurchaseUnit, Refund } from './types';

interface Link {
  href: string;
  rel: string;
  method: string;
}

/** HATEOAS links by status, as Orders v2 returns them. */
export function orderLinks(order: Order, base: string): Link[] {
  const self = { href: `${base}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' };
  const approval = `${base}/checkoutnow?token=${order.id}`;
  const capture = { href: `${base}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' };
  switch (order.status) {
    case 'PAYER_ACTION_REQUIRED':
      return [self, { href: approval, rel: 'payer-action', method: 'GET' }];
    case 'CREATED':
      return [self, { href: approval, rel: 'approve', method: 'GET' }, capture];
    case 'APPROVED':
      return [self, capture];
    default:
      return [self];
  }
}

export function captureLinks(capture: Capture, order: Order, base: string): Link[] {
  return [
    { href: `${base}/v2/payments/captures/${capture.id}`, rel: 'self', method: 'GET' },
    { href: `${base}/v2/checkout/orders/${order.id}`, rel: 'up', method: 'GET' },
  ];
}

/**
 * The payee PayPal reports: the one the order named (an account of this sandbox shows in full), else the client
 * id's own merchant account.
 */
export function payeeOf(context: SandboxContext, unit: PurchaseUnit): Payee {
  const { merchantId, email } = context.options.paypalMerchant;
  const own = { email_address: email, merchant_id: merchantId };
  const named = unit.payee;
  if (!named) return own;
  const isOwn = named.merchant_id ? named.merchant_id === merchantId : named.email_address?.toLowerCase() === email.toLowerCase();
  return isOwn ? own : { ...named };
}

function paymentSource(order: Order): Record<string, unknown> | undefined {
  if (!order.payer) return order.payerActionFlow ? { paypal: {} } : undefined;
  const { name, email_address, payer_id, address } = order.payer;
  return { paypal: { email_address, account_id: payer_id, account_status: 'VERIFIED', name, address } };
}

/** A refund as Orders v2 lists it under purchase_units[].payments.refunds (GET the refund for everything). */
function refundInOrder(refund: Refund, base: string) {
  return {
    id: refund.id, status: refund.status, amount: refund.amount, create_time: refund.create_time, update_time: refund.update_time,
    links: [
      { href: `${base}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
      { href: `${base}/v2/payments/captures/${refund.captureId}`, rel: 'up', method: 'GET' },
    ],
  };
}

function unitView(context: SandboxContext, order: Order, base: string) {
  return order.purchaseUnits.map((unit) => {
    const { payments, payee: _named, ...rest } = unit;
    const ids = new Set(payments?.captures.map((c) => c.id));
    // As in PayPal's order, a refunded capture's refunds are listed beside the captures.
    const refunds = [...context.state.refunds.values()].filter((r) => ids.has(r.captureId)).map((r) => refundInOrder(r, base));
    return {
      ...rest,
      payee: payeeOf(context, unit),
      ...(payments ? {
        payments: {
          captures: payments.captures.map((c) => ({ ...c, links: captureLinks(c, order, base) })),
          ...(refunds.length ? { refunds } : {}),
        },
      } : {}),
    };
  });
}

/** GET /v2/checkout/orders/:id and Prefer: return=representation. */
export function orderResource(context: SandboxContext, order: Order): Record<string, unknown> {
  const base = context.baseUrl();
  const source = paymentSource(order);
  return {
    id: order.id,
    intent: order.intent,
    status: order.status,
    ...(source ? { payment_source: source } : {}),
    purchase_units: unitView(context, order, base),
    ...(order.payer ? { payer: order.payer } : {}),
    create_time: order.createTime,
    update_time: order.updateTime,
    links: orderLinks(order, base),
  };
}

/** Create answers `return=minimal` unless the client prefers the representation. */
export function createResponse(context: SandboxContext, order: Order, prefer: string | undefined): Record<string, unknown> {
  if (prefer?.includes('return=representation')) return orderResource(context, order);
  const source = paymentSource(order);
  return { id: order.id, status: order.status, ...(source ? { payment_source: source } : {}), links: orderLinks(order, context.baseUrl()) };
}

/** Capture answers with the captures under purchase_units and the payer, like the live API's default. */
export function captureResponse(context: SandboxContext, order: Order, prefer: string | undefined): Record<string, unknown> {
  if (prefer?.includes('return=representation')) return orderResource(context, order);
  const base = context.baseUrl();
  return {
    id: order.id,
    status: order.status,
    payment_source: paymentSource(order),
    purchase_units: unitView(context, order, base).map(({ reference_id, shipping, payments }) => ({
      reference_id,
      ...(shipping ? { shipping } : {}),
      payments,
    })),
    payer: order.payer,
    links: orderLinks(order, base),
  };
}

/** A capture as GET /v2/payments/captures/:id and the PAYMENT.CAPTURE.COMPLETED webhook show it. */
export function captureResource(context: SandboxContext, capture: Capture, order: Order): Record<string, unknown> {
  return {
    ...capture,
    supplementary_data: { related_ids: { order_id: order.id } },
    payee: payeeOf(context, order.purchaseUnits.find((unit) => unit.payments?.captures.includes(capture)) ?? order.purchaseUnits[0]!),
    links: captureLinks(capture, order, context.baseUrl()),
  };
}
