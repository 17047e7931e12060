import { HttpError } from '../lib/http-errors';
import { isId } from '../lib/ids';
import { recordClientOrder } from './client-orders';
import type { PaymentDeps } from './deps';
import { ORDER_ID } from './orders';
import { ownerOf } from './own-order';
import { PayPalError } from './paypal-error';
import type { PayPalOrder } from './paypal-types';
import { recordOrder } from './record-order';
import { settleThenCapture } from './settle';

/** A business refusal (over the due, declined) is final for this event: answered for the log, PayPal need not retry. */
async function unlessRefused(work: () => Promise<string>, refused: string): Promise<string> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) return `${refused}: ${error.message}`;
    throw error;
  }
}

/**
 * Webhook reconciliation, by order id: an approved order of ours that nobody captured (the browser closed) is
 * captured; a completed capture we have not recorded is recorded, including browser-made orders that name their
 * buyer. Returns what was done, for the log.
 */
export async function reconcileOrder(deps: PaymentDeps, orderId: string): Promise<string> {
  if (!ORDER_ID.test(orderId)) return 'ignored: not an order id';
  const row = await deps.repos.payments.byOrderId(orderId);
  if (row && row.status !== 'CREATED' && row.status !== 'CANCELLED') return `already ${row.status}`;
  let order: PayPalOrder;
  try {
    order = await deps.paypal.getOrder(orderId);
  } catch (error) {
    if (error instanceof PayPalError && error.kind === 'refused') return `ignored: PayPal answered ${error.providerStatus}`;
    throw error;
  }
  if (row && order.status === 'COMPLETED') return `recorded ${(await recordOrder(deps, row, order)).status}`;
  // No money is taken for an account deleted since it ordered.
  if (row && order.status === 'APPROVED' && row.status === 'CREATED' && row.userId) {
    return unlessRefused(async () => `captured: ${(await settleThenCapture(deps, row)).status}`, 'not captured');
  }
  if (row || order.status !== 'COMPLETED') return `nothing to do (order ${String(order.status)})`;
  const owner = ownerOf(order);
  if (!isId(owner) || !(await deps.repos.users.findById(owner))) return 'ignored: a browser-made order without a known buyer';
  return unlessRefused(async () => `recorded ${(await recordClientOrder(deps, owner, orderId, order)).status}`, 'not recorded');
}
