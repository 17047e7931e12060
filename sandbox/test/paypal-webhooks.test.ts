import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { X509Certificate, verify as verifySignature } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { approve, capture, createOrder, orderBody, sandbox, serverToken } from './support/helpers';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let receiver: Server;
let received: Received[];
let receiverStatus: number;
let receiverUrl: string;
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(receiverStatus).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/payments/webhook`;
});
afterAll(() => new Promise((resolve) => receiver.close(resolve)));

beforeEach(async () => {
  received = [];
  receiverStatus = 200;
  app = await sandbox({ webhookUrl: receiverUrl, webhookId: 'WH-TEST', webhookRetries: 0 });
  token = await serverToken(app);
});
afterEach(() => app.close());

const verify = (body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/v1/notifications/verify-webhook-signature', headers: { authorization: `Bearer ${token}` }, payload: body });

/** The body a receiving server sends back to PayPal to check a delivery. */
const verification = ({ headers, body }: Received, overrides: Record<string, unknown> = {}) => ({
  auth_algo: headers['paypal-auth-algo'],
  cert_url: headers['paypal-cert-url'],
  transmission_id: headers['paypal-transmission-id'],
  transmission_sig: headers['paypal-transmission-sig'],
  transmission_time: headers['paypal-transmission-time'],
  webhook_id: 'WH-TEST',
  webhook_event: JSON.parse(body),
  ...overrides,
});

async function paidOrder(): Promise<string> {
  const { id } = (await createOrder(app, token)).json();
  await approve(app, id);
  expect((await capture(app, token, id)).statusCode).toBe(201);
  await app.sandbox.webhooks.idle();
  return id;
}

describe('webhook delivery', () => {
  it('POSTs CHECKOUT.ORDER.APPROVED on approval and PAYMENT.CAPTURE.COMPLETED on capture, with the transmission headers', async () => {
    const id = await paidOrder();
    expect(received.map((r) => JSON.parse(r.body).event_type)).toEqual(['CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED']);
    const [approved, completed] = received.map((r) => JSON.parse(r.body));
    expect(approved).toMatchObject({
      id: expect.stringMatching(/^WH-/), event_version: '1.0', resource_type: 'checkout-order', resource_version: '2.0',
      resource: { id, status: 'APPROVED', purchase_units: [{ reference_id: 'course-1', custom_id: 'user-7' }] },
    });
    expect(completed).toMatchObject({
      resource_type: 'capture', summary: 'Payment completed for $ 100.00 USD',
      resource: { status: 'COMPLETED', amount: { value: '100.00', currency_code: 'USD' }, custom_id: 'user-7', supplementary_data: { related_ids: { order_id: id } } },
    });
    const headers = received[1]!.headers;
    expect(headers['content-type']).toBe('application/json');
    expect(headers['paypal-auth-algo']).toBe('SHA256withRSA');
    expect(headers['paypal-transmission-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers['paypal-transmission-time']).toMatch(/Z$/);
    expect(headers['paypal-transmission-sig']).toBeTruthy();
    expect(headers['paypal-cert-url']).toContain('/v1/notifications/certs/');
    const deliveries = (await app.inject({ method: 'GET', url: '/__inbox/webhooks' })).json();
    expect(deliveries.map((d: { status: string }) => d.status)).toEqual(['delivered', 'delivered']);
  });

  it('records a receiver error and a receiver that is down without failing the capture', async () => {
    receiverStatus = 500;
    await paidOrder();
    const deliveries = (await app.inject({ method: 'GET', url: '/__inbox/webhooks' })).json();
    expect(deliveries.map((d: { status: string; response_status: number }) => [d.status, d.response_status])).toEqual([['failed', 500], ['failed', 500]]);

    const offline = await sandbox({ webhookUrl: 'http://127.0.0.1:9/unreachable', webhookRetries: 0 });
    const offlineToken = await serverToken(offline);
    const { id } = (await createOrder(offline, offlineToken)).json();
    await approve(offline, id);
    expect((await capture(offline, offlineToken, id)).statusCode).toBe(201);
    await offline.sandbox.webhooks.idle();
    expect(offline.sandbox.state.webhooks.map((w) => w.status)).toEqual(['failed', 'failed']);
    expect(offline.sandbox.state.webhooks[0]!.error).toBeTruthy();
    await offline.close();
  });

  it('sends nothing when no webhook URL is configured', async () => {
    const quiet = await sandbox();
    const quietToken = await serverToken(quiet);
    const { id } = (await createOrder(quiet, quietToken)).json();
    await approve(quiet, id);
    expect(quiet.sandbox.state.webhooks).toEqual([]);
    await quiet.close();
  });
});

describe('signatures a receiver verifies itself (PayPal\'s certificate scheme)', () => {
  it('signs id|time|webhook id|CRC32 of the body with the key of the certificate at paypal-cert-url', async () => {
    await paidOrder();
    const delivery = received[1]!;
    const certUrl = new URL(delivery.headers['paypal-cert-url'] as string);
    const served = await app.inject({ method: 'GET', url: certUrl.pathname });
    expect(served.statusCode).toBe(200);
    const cert = new X509Certificate(served.body);
    expect(cert.publicKey.asymmetricKeyType).toBe('rsa');
    expect(new Date(cert.validTo).getTime()).toBeGreaterThan(Date.now());
    const signed = (body: string, webhookId = 'WH-TEST') =>
      `${delivery.headers['paypal-transmission-id']}|${delivery.headers['paypal-transmission-time']}|${webhookId}|${crc32(Buffer.from(body))}`;
    const signature = Buffer.from(delivery.headers['paypal-transmission-sig'] as string, 'base64');
    expect(verifySignature('sha256', Buffer.from(signed(delivery.body)), cert.publicKey, signature)).toBe(true);
    expect(verifySignature('sha256', Buffer.from(signed(delivery.body.replace('100.00', '1.00'))), cert.publicKey, signature)).toBe(false);
    expect(verifySignature('sha256', Buffer.from(signed(delivery.body, 'WH-OTHER')), cert.publicKey, signature)).toBe(false);
  });

  it('serves only its own certificate', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/v1/notifications/certs/CERT-someone-else' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('POST /v1/notifications/verify-webhook-signature', () => {
  it('answers SUCCESS for an event the sandbox sent, quoted back unchanged', async () => {
    await paidOrder();
    for (const delivery of received) {
      expect((await verify(verification(delivery))).json()).toEqual({ verification_status: 'SUCCESS' });
    }
  });

  it('answers FAILURE for a changed body, another webhook id, a forged signature or an unknown transmission', async () => {
    await paidOrder();
    const delivery = received[1]!;
    const event = JSON.parse(delivery.body);
    event.resource.amount.value = '1.00';
    for (const overrides of [
      { webhook_event: event },
      { webhook_id: 'WH-OTHER' },
      { transmission_sig: 'forged' },
      { transmission_id: '00000000-0000-0000-0000-000000000000' },
    ]) {
      expect((await verify(verification(delivery, overrides))).json()).toEqual({ verification_status: 'FAILURE' });
    }
  });

  it('answers VALIDATION_ERROR for missing fields and 401 without a token', async () => {
    const response = await verify({ webhook_id: 'WH-TEST' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.name).toBe('VALIDATION_ERROR');
    expect(body.details.map((d: { field: string }) => d.field)).toEqual(['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_event']);
    const anonymous = await app.inject({ method: 'POST', url: '/v1/notifications/verify-webhook-signature', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it('serves a sent event at GET /v1/notifications/webhooks-events/:id', async () => {
    await paidOrder();
    const event = JSON.parse(received[0]!.body);
    const read = await app.inject({ method: 'GET', url: `/v1/notifications/webhooks-events/${event.id}`, headers: { authorization: `Bearer ${token}` } });
    expect(read.json()).toEqual(event);
  });
});

it('the approval control fires CHECKOUT.ORDER.APPROVED without the page (approved, then abandoned)', async () => {
  const { id } = (await createOrder(app, token, orderBody('40.00'))).json();
  const response = await approve(app, id);
  expect(response.json()).toMatchObject({ id, status: 'APPROVED', payer: { payer_id: 'SANDBOXBUYER1' } });
  await app.sandbox.webhooks.idle();
  expect(received.map((r) => JSON.parse(r.body).event_type)).toEqual(['CHECKOUT.ORDER.APPROVED']);
  const unknown = await approve(app, 'NOPE');
  expect(unknown.statusCode).toBe(404);
  expect(unknown.json()).toEqual({ error: 'INVALID_RESOURCE_ID', message: 'Specified resource ID does not exist. Please check the resource ID and try again.' });
});
