import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isoNow } from '../context';
import { escapeHtml, sendPage } from '../lib/html';
import { PayPalError, handlePayPalErrors } from './errors';
import { approveOrder } from './orders';
import { checkoutPage, withParams } from './checkout-page';

const wantsJson = (request: FastifyRequest) => (request.headers['content-type'] ?? '').includes('application/json');

function tokenOf(request: FastifyRequest): string {
  const body = request.body as Record<string, unknown> | undefined;
  return typeof body?.token === 'string' ? body.token : '';
}

/**
 * The buyer's side of PayPal: /checkoutnow (redirect flow) and the two actions, which the SDK stand-in also
 * calls with JSON. HTML callers get redirects or pages; JSON callers get PayPal-shaped JSON.
 */
export default async function checkoutRoutes(app: FastifyInstance): Promise<void> {
  const context = app.sandbox;
  handlePayPalErrors(app);

  const notFoundPage = (reply: FastifyReply) =>
    sendPage(reply, 'Checkout not found', '<section class="card"><h1>Checkout not found</h1><p>This checkout session does not exist or has expired.</p></section>', 404);

  const paidPage = (reply: FastifyReply) =>
    sendPage(reply, 'Already paid', '<section class="card"><h1>Already paid</h1><p>This order has already been paid.</p></section>', 422);

  app.get<{ Querystring: { token?: string } }>('/checkoutnow', async (request, reply) => {
    const order = context.state.orders.get(request.query.token ?? '');
    if (!order) return notFoundPage(reply);
    if (order.status === 'COMPLETED') return paidPage(reply);
    return sendPage(reply, 'PayPal Checkout (sandbox)', checkoutPage(order));
  });

  app.post('/checkoutnow/approve', async (request, reply) => {
    const id = tokenOf(request);
    if (wantsJson(request)) {
      const order = approveOrder(context, id);
      return { orderID: order.id, payerID: order.payer!.payer_id, status: order.status };
    }
    const existing = context.state.orders.get(id);
    if (!existing) return notFoundPage(reply);
    if (existing.status === 'COMPLETED') return paidPage(reply);
    const order = approveOrder(context, id);
    if (order.returnUrl) return reply.redirect(withParams(order.returnUrl, { token: order.id, PayerID: order.payer!.payer_id }), 303);
    return sendPage(reply, 'Payment approved', `<section class="card"><h1>Payment approved</h1><p>Order ${escapeHtml(order.id)} is approved. You can close this window.</p></section>`);
  });

  app.post('/checkoutnow/cancel', async (request, reply) => {
    const order = context.state.orders.get(tokenOf(request));
    if (!order) {
      if (wantsJson(request)) throw new PayPalError('RESOURCE_NOT_FOUND', [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist. Please check the resource ID and try again.' }]);
      return notFoundPage(reply);
    }
    // PayPal does not change the order when the buyer cancels; the note is only for the inbox.
    if (order.status !== 'COMPLETED' && order.status !== 'APPROVED') order.buyerCancelledAt = isoNow(context);
    if (wantsJson(request)) return { orderID: order.id, status: order.status };
    if (order.cancelUrl) return reply.redirect(withParams(order.cancelUrl, { token: order.id }), 303);
    return sendPage(reply, 'Payment cancelled', '<section class="card"><h1>Payment cancelled</h1><p>You can close this window.</p></section>');
  });
}
