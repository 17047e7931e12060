import type { FastifyInstance, onSendHookHandler } from 'fastify';
import { requireBearer } from './auth';
import { PayPalError, handlePayPalErrors } from './errors';
import { idempotent } from './idempotency';
import { captureOrder, createOrder, findCapture, findOrder } from './orders';
import { captureNotFound, refundCapture, refundResource } from './refunds';
import { parseCreateOrder } from './validate-order';
import { captureResource, captureResponse, createResponse, orderResource } from './views';

type IdParams = { Params: { id: string } };

const preferOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(',') : value);

/**
 * Orders v2. The merchant's server calls with its OAuth token; the JS SDK stand-in calls with the browser
 * token it was served, as the real SDK does with its facilitator token. Orders belong to the client id.
 */
export default async function orderRoutes(app: FastifyInstance): Promise<void> {
  const context = app.sandbox;
  handlePayPalErrors(app);

  const ownOrder = (id: string, clientId: string) => {
    const order = findOrder(context, id);
    if (order.clientId !== clientId) throw new PayPalError('RESOURCE_NOT_FOUND', [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist. Please check the resource ID and try again.', location: 'path' }]);
    return order;
  };

  app.post('/v2/checkout/orders', async (request, reply) => {
    const token = requireBearer(context, request, true);
    return idempotent(context, request, reply, token, 'create', () => {
      const order = createOrder(context, parseCreateOrder(request.body), token.clientId, token.kind);
      return createResponse(context, order, preferOf(request.headers.prefer));
    });
  });

  app.get<IdParams>('/v2/checkout/orders/:id', async (request) => {
    const token = requireBearer(context, request, true);
    return orderResource(context, ownOrder(request.params.id, token.clientId));
  });

  // POST /__control/paypal {"dropNextCaptureResponse": n}: the capture is done, then its answer is lost.
  const dropAnswer: onSendHookHandler = (request, reply, payload, done) => {
    const faults = context.state.paypalFaults;
    if (faults.dropCaptureResponses === 0 || reply.statusCode >= 300) return done(null, payload);
    faults.dropCaptureResponses -= 1;
    app.log.warn({ url: request.url, mode: faults.dropMode }, 'capture done; its answer is dropped (test control)');
    // destroy: the caller sees the connection reset; hang: nothing is sent until the caller gives up.
    if (faults.dropMode === 'destroy') request.raw.socket?.destroy();
    else request.raw.socket?.once('close', () => undefined);
  };

  app.post<IdParams>('/v2/checkout/orders/:id/capture', { onSend: dropAnswer }, async (request, reply) => {
    const token = requireBearer(context, request, true);
    return idempotent(context, request, reply, token, `capture:${request.params.id}`, () => {
      ownOrder(request.params.id, token.clientId);
      return captureResponse(context, captureOrder(context, request.params.id), preferOf(request.headers.prefer));
    });
  });

  app.get<IdParams>('/v2/payments/captures/:id', async (request) => {
    const token = requireBearer(context, request, false);
    const found = findCapture(context, request.params.id);
    if (!found || found.order.clientId !== token.clientId) {
      throw new PayPalError('RESOURCE_NOT_FOUND', [{ field: 'capture_id', value: request.params.id, location: 'path', issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist. Please check the resource ID and try again.' }]);
    }
    return captureResource(context, found.capture, found.order);
  });

  // Refunds: the merchant's server only. PayPal-Request-Id makes a retried refund answer the first one again.
  app.post<IdParams>('/v2/payments/captures/:id/refund', async (request, reply) => {
    const token = requireBearer(context, request, false);
    return idempotent(context, request, reply, token, `refund:${request.params.id}`, () => refundResource(context, refundCapture(context, request.params.id, token.clientId, request.body).refund));
  });

  app.get<IdParams>('/v2/payments/refunds/:id', async (request) => {
    const token = requireBearer(context, request, false);
    const refund = context.state.refunds.get(request.params.id);
    const found = refund ? findCapture(context, refund.captureId) : undefined;
    if (!refund || !found || found.order.clientId !== token.clientId) throw captureNotFound(request.params.id);
    return refundResource(context, refund);
  });
}
