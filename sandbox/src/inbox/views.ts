import type { SandboxContext } from '../context';
import { orderResource } from '../paypal/views';

/** What the JSON inbox shows of an order: the PayPal resource plus the sandbox's own notes. */
export function inboxOrders(context: SandboxContext) {
  return [...context.state.orders.values()].map((order) => ({
    ...orderResource(context, order),
    sandbox: {
      created_by: order.source,
      return_url: order.returnUrl ?? null,
      cancel_url: order.cancelUrl ?? null,
      buyer_cancelled_at: order.buyerCancelledAt ?? null,
    },
  }));
}

export function inboxUploads(context: SandboxContext) {
  return [...context.state.uploads.values()].map(({ data: _data, ...upload }) => upload);
}

export function inboxWebhooks(context: SandboxContext) {
  return context.state.webhooks.map(({ body: _body, transmission_sig: _sig, ...delivery }) => delivery);
}
