import type { FastifyInstance } from 'fastify';
import type { WebhookRecord } from '../src/state';
import { approve, capture, createOrder, orderBody, sandbox, serverToken } from './support/helpers';

/**
 * Refunds made in PayPal's dashboard (POST /__control/paypal/captures/:id/refund), and the PAYMENT.CAPTURE.REFUNDED
 * webhook every refund sends, full or partial, from the dashboard or the REST API.
 */
let app: FastifyInstance;
let token: string;
let orderId: string;
let captureId: string;
beforeEach(async () => {
  // Port 9 refuses connections: events are recorded (and signed) whether or not they are delivered.
  app = await sandbox({ webhookUrl: 'http://127.0.0.1:9/api/payments/webhook', webhookId: 'WH-TEST', webhookRetries: 0 });
  token = await serverToken(app);
  orderId = (await createOrder(app, token, orderBody('100.00'))).json().id;
  await approve(app, orderId);
  captureId = (await capture(app, token, orderId)).json().purchase_units[0].payments.captures[0].id;
});
afterEach(() => app.close());

const auth = () => ({ authorization: `Bearer ${token}` });
const dashboardRefund = (payload: unknown, id = captureId) =>
  app.inject({ method: 'POST', url: `/__control/paypal/captures/${id}/refund`, payload: payload as object });
const apiRefund = (payload: unknown, requestId: string) => app.inject({
  method: 'POST', url: `/v2/payments/captures/${captureId}/refund`,
  headers: { ...auth(), 'content-type': 'application/json', 'paypal-request-id': requestId }, payload: JSON.stringify(payload),
});
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- PayPal's webhook JSON, read deep in the assertions as sent
async function refundEvents(): Promise<(WebhookRecord & { event: Record<string, any> })[]> {
  await app.sandbox.webhooks.idle();
  return app.sandbox.state.webhooks.filter((w) => w.event_type === 'PAYMENT.CAPTURE.REFUNDED').map((w) => ({ ...w, event: JSON.parse(w.body) }));
}
const captureStatus = async () => (await app.inject({ method: 'GET', url: `/v2/payments/captures/${captureId}`, headers: auth() })).json().status;

it('refunds part then the rest from the dashboard, each sending PAYMENT.CAPTURE.REFUNDED about the refund', async () => {
  const part = await dashboardRefund({ amount: { currency_code: 'USD', value: '30.00' }, note_to_payer: 'Goodwill' });
  expect(part.statusCode).toBe(201);
  const partial = part.json();
  expect(partial).toMatchObject({ status: 'COMPLETED', amount: { currency_code: 'USD', value: '30.00' }, note_to_payer: 'Goodwill' });
  expect(await captureStatus()).toBe('PARTIALLY_REFUNDED');
  const rest = (await dashboardRefund({})).json();
  expect(rest.amount.value).toBe('70.00');
  expect(await captureStatus()).toBe('REFUNDED');

  const events = await refundEvents();
  expect(events.map((e) => e.event.resource.id)).toEqual([partial.id, rest.id]);
  const [first, second] = events;
  expect(first!.event).toMatchObject({
    event_type: 'PAYMENT.CAPTURE.REFUNDED', resource_type: 'refund', resource_version: '2.0',
    summary: 'A $ 30.00 USD capture payment was refunded',
    resource: {
      id: partial.id, status: 'COMPLETED', amount: { currency_code: 'USD', value: '30.00' },
      seller_payable_breakdown: { total_refunded_amount: { currency_code: 'USD', value: '30.00' } },
      links: [
        { href: `http://sandbox.test/v2/payments/refunds/${partial.id}`, rel: 'self', method: 'GET' },
        { href: `http://sandbox.test/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
      ],
    },
  });
  // The total is cumulative over the capture, as PayPal reports it; the refund carries no order id and no custom_id.
  expect(second!.event.resource.seller_payable_breakdown.total_refunded_amount.value).toBe('100.00');
  expect(first!.event.resource.supplementary_data).toBeUndefined();
  expect(first!.event.resource.custom_id).toBeUndefined();

  // The order lists the capture's refunds, and each can be read back.
  const order = (await app.inject({ method: 'GET', url: `/v2/checkout/orders/${orderId}`, headers: auth() })).json();
  expect(order.purchase_units[0].payments.refunds.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([[partial.id, 'COMPLETED'], [rest.id, 'COMPLETED']]);
  const readBack = await app.inject({ method: 'GET', url: `/v2/payments/refunds/${partial.id}`, headers: auth() });
  expect(readBack.json()).toEqual(first!.event.resource);
});

it('signs its events like every other webhook: verify-webhook-signature says SUCCESS, and FAILURE once altered', async () => {
  await dashboardRefund({ amount: { currency_code: 'USD', value: '10.00' } });
  const [sent] = await refundEvents();
  const verification = (event: unknown) => ({
    auth_algo: sent!.auth_algo, cert_url: sent!.cert_url, transmission_id: sent!.transmission_id,
    transmission_sig: sent!.transmission_sig, transmission_time: sent!.transmission_time, webhook_id: 'WH-TEST', webhook_event: event,
  });
  const verify = (event: unknown) => app.inject({ method: 'POST', url: '/v1/notifications/verify-webhook-signature', headers: auth(), payload: verification(event) });
  expect((await verify(sent!.event)).json()).toEqual({ verification_status: 'SUCCESS' });
  const altered = { ...sent!.event, resource: { ...sent!.event.resource, amount: { currency_code: 'USD', value: '100.00' } } };
  expect((await verify(altered)).json()).toEqual({ verification_status: 'FAILURE' });
});

it('applies the merchant API\'s rules, in the control routes\' error shape, and refunds nothing then', async () => {
  const tooMuch = await dashboardRefund({ amount: { currency_code: 'USD', value: '100.01' } });
  expect(tooMuch.statusCode).toBe(422);
  expect(tooMuch.json()).toEqual({ error: 'REFUND_AMOUNT_EXCEEDED', message: 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.' });
  expect((await dashboardRefund({ amount: { currency_code: 'EUR', value: '1.00' } })).json().error).toBe('CURRENCY_MISMATCH');
  const unknown = await dashboardRefund({}, 'NOSUCHCAPTURE');
  expect(unknown.statusCode).toBe(404);
  expect(unknown.json().error).toBe('INVALID_RESOURCE_ID');
  expect((await dashboardRefund([])).json()).toEqual({ error: 'Bad Request', message: 'Send { amount?: { currency_code, value }, note_to_payer? }.' });
  expect(await captureStatus()).toBe('COMPLETED');
  expect(await refundEvents()).toEqual([]);

  expect((await dashboardRefund({})).statusCode).toBe(201);
  expect((await dashboardRefund({})).json().error).toBe('CAPTURE_FULLY_REFUNDED');
  expect(await refundEvents()).toHaveLength(1);
});

it('sends the same event for a refund through the REST API, with the caller\'s custom_id, once per refund (not per replay)', async () => {
  const first = await apiRefund({ amount: { currency_code: 'USD', value: '25.00' }, custom_id: 'our-refund-1' }, 'refund-1');
  expect(first.statusCode).toBe(201);
  expect(first.json().custom_id).toBe('our-refund-1');
  expect((await apiRefund({ amount: { currency_code: 'USD', value: '25.00' }, custom_id: 'our-refund-1' }, 'refund-1')).statusCode).toBe(200);
  const events = await refundEvents();
  expect(events).toHaveLength(1);
  expect(events[0]!.event.resource).toMatchObject({ id: first.json().id, custom_id: 'our-refund-1', amount: { value: '25.00' } });
  expect((await apiRefund({ custom_id: 'not allowed!' }, 'refund-2')).statusCode).toBe(400);
});

it('sends no refund event while webhooks are turned off, as with every other event', async () => {
  await app.inject({ method: 'POST', url: '/__control/paypal', payload: { webhooks: false } });
  expect((await dashboardRefund({})).statusCode).toBe(201);
  const [event] = await refundEvents();
  expect(event!.status).toBe('suppressed');
});
