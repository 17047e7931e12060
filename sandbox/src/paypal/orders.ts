import { isoNow, type SandboxContext } from '../context';
import { paypalId } from '../lib/ids';
import { fromMinor, toMinor } from '../lib/money';
import { orderNotFound, unprocessable } from './errors';
import { SANDBOX_BUYER, type Capture, type Order, type PurchaseUnit } from './types';
import type { CreateOrderInput } from './validate-order';
import { captureResource, orderResource } from './views';

export function createOrder(context: SandboxContext, input: CreateOrderInput, clientId: string, source: Order['source']): Order {
  const now = isoNow(context);
  const order: Order = {
    id: paypalId(),
    intent: input.intent,
    status: input.payerActionFlow ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
    purchaseUnits: input.purchaseUnits,
    clientId,
    source,
    payerActionFlow: input.payerActionFlow,
    ...(input.returnUrl ? { returnUrl: input.returnUrl } : {}),
    ...(input.cancelUrl ? { cancelUrl: input.cancelUrl } : {}),
    ...(input.brandName ? { brandName: input.brandName } : {}),
    createTime: now,
    updateTime: now,
  };
  context.state.orders.set(order.id, order);
  return order;
}

export function findOrder(context: SandboxContext, id: string): Order {
  const order = context.state.orders.get(id);
  if (!order) throw orderNotFound(id);
  return order;
}

const alreadyCaptured = () =>
  unprocessable('ORDER_ALREADY_CAPTURED', "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.");

/** The buyer's approval (page, SDK dialog or test control). Approving twice changes nothing. */
export function approveOrder(context: SandboxContext, id: string): Order {
  const order = findOrder(context, id);
  if (order.status === 'COMPLETED') throw alreadyCaptured();
  if (order.status === 'APPROVED') return order;
  order.status = 'APPROVED';
  order.payer = SANDBOX_BUYER;
  order.updateTime = isoNow(context);
  delete order.buyerCancelledAt;
  context.webhooks.emit('CHECKOUT.ORDER.APPROVED', 'checkout-order', orderResource(context, order), 'An order has been approved by buyer');
  return order;
}

// PayPal's US standard rate: 3.49 % + 0.49 USD; shown so the capture looks like a real one.
function breakdown(unit: PurchaseUnit): Capture['seller_receivable_breakdown'] {
  const currency = unit.amount.currency_code;
  const gross = toMinor(unit.amount.value, currency).minor;
  const fee = Math.min(gross, Math.round(gross * 0.0349) + (currency === 'USD' ? 49 : 0));
  const money = (minor: number) => ({ currency_code: currency, value: fromMinor(minor, currency) });
  return { gross_amount: money(gross), paypal_fee: money(fee), net_amount: money(gross - fee) };
}

export function captureOrder(context: SandboxContext, id: string): Order {
  const order = findOrder(context, id);
  if (order.intent !== 'CAPTURE') {
    throw unprocessable('ACTION_DOES_NOT_MATCH_INTENT', 'Order was created with an intent to \'AUTHORIZE\'. Please use v2/checkout/orders/order_id/authorize to complete the transaction or alternately, create an order with an intent of \'CAPTURE\'.');
  }
  if (order.status === 'COMPLETED') throw alreadyCaptured();
  if (order.status !== 'APPROVED') {
    throw unprocessable('ORDER_NOT_APPROVED', "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.");
  }
  const failures = context.state.captureFailures;
  if (failures.remaining > 0) {
    failures.remaining -= 1;
    throw unprocessable(failures.issue, 'The sandbox was told to decline this capture (POST /__control/paypal).');
  }
  const now = isoNow(context);
  for (const unit of order.purchaseUnits) {
    const capture: Capture = {
      id: paypalId(),
      status: 'COMPLETED',
      amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
      final_capture: true,
      seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
      seller_receivable_breakdown: breakdown(unit),
      ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
      ...(unit.invoice_id ? { invoice_id: unit.invoice_id } : {}),
      create_time: now,
      update_time: now,
    };
    unit.payments = { captures: [capture] };
  }
  order.status = 'COMPLETED';
  order.updateTime = now;
  for (const unit of order.purchaseUnits) {
    const capture = unit.payments!.captures[0]!;
    const summary = `Payment completed for ${capture.amount.currency_code === 'USD' ? '$ ' : ''}${capture.amount.value} ${capture.amount.currency_code}`;
    context.webhooks.emit('PAYMENT.CAPTURE.COMPLETED', 'capture', captureResource(context, capture, order), summary);
  }
  return order;
}

export function findCapture(context: SandboxContext, captureId: string): { capture: Capture; order: Order } | undefined {
  for (const order of context.state.orders.values()) {
    for (const unit of order.purchaseUnits) {
      const capture = unit.payments?.captures.find((c) => c.id === captureId);
      if (capture) return { capture, order };
    }
  }
  return undefined;
}
