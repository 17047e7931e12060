import { notFound } from '../lib/http-errors';
import type { PaymentRecord } from '../repositories/payments';
import type { PaymentDeps } from './deps';
import { ORDER_ID } from './orders';
import { PayPalError } from './paypal-error';
import type { PayPalOrder } from './paypal-types';
import { PAYMENT_TEXT } from './texts';

/**
 * The caller's own row for an order id, or null when we have none. Another user's order is a 404, not a 403: an
 * order id is as good as a receipt number, and a 403 would confirm that it exists (decision 007).
 */
export async function ownRow(deps: PaymentDeps, userId: string, orderId: string): Promise<PaymentRecord | null> {
  if (!ORDER_ID.test(orderId)) throw notFound(PAYMENT_TEXT.notFound);
  const row = await deps.repos.payments.byOrderId(orderId);
  if (row && row.userId !== userId) throw notFound(PAYMENT_TEXT.notFound);
  return row;
}

/** PayPal's view of an order we have no row for; 404 when PayPal does not know it (or it is not ours). */
export async function providerOrder(deps: PaymentDeps, orderId: string): Promise<PayPalOrder> {
  try {
    return await deps.paypal.getOrder(orderId);
  } catch (error) {
    if (error instanceof PayPalError && (error.providerStatus === 404 || error.providerStatus === 403)) throw notFound(PAYMENT_TEXT.notFound);
    throw error;
  }
}

/** The buyer a browser-made order names (custom_id), if any. */
export const ownerOf = (order: PayPalOrder) => order.purchase_units?.[0]?.custom_id;
