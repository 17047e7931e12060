import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../helpers/app';
import { approve, deliver, orderIdOfEvent, paypalConfig, sentEvents, startSandbox, type Delivery, type Sandbox } from '../helpers/paypal';
import { createOrder, program, row } from '../helpers/payments';
import { bearer, signInSeeded, type Identities } from '../helpers/tokens';

/**
 * Issue 28, item 6: nobody can make the API call PayPal at will. verify-payment and cancel (a PayPal read for any
 * order id) are limited per user and per address; a webhook is checked cheaply first (headers, event type,
 * algorithm, certificate host) and its signature verified locally with the certificate PayPal names, cached.
 */
let sandbox: Sandbox;
let t: TestApp;
let ids: Identities;
let stranger: Server;
let strangerHits = 0;
let strangerOrigin: string;

beforeAll(async () => {
  sandbox = await startSandbox({ webhookUrl: 'http://127.0.0.1:9/api/payments/webhook' });
  t = await createTestApp({
    config: { paypal: paypalConfig(sandbox.url), paymentLookupRateLimit: { perUser: 3, perIp: 5, timeWindowMs: 60_000 } },
  });
  ids = await signInSeeded(t.app);
  stranger = createServer((_request, response) => {
    strangerHits += 1;
    response.end('not a certificate');
  });
  await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve));
  strangerOrigin = `http://127.0.0.1:${(stranger.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
  await new Promise((resolve) => stranger.close(resolve));
});

const TOO_MANY = /^Too many requests\. Please try again in /;

describe('verify-payment and cancel', () => {
  it('are limited per user, then per address, sharing one budget', async () => {
    const from = (token: string, ip: string, i: number) => i % 2
      ? t.app.inject({ method: 'POST', url: '/api/verify-payment', headers: bearer(token), payload: { orderID: `RANDOM${i}X` }, remoteAddress: ip })
      : t.app.inject({ method: 'POST', url: `/api/payment/cancel/RANDOM${i}Y`, headers: bearer(token), remoteAddress: ip });
    // One user: three lookups (404: PayPal does not know these ids), then 429 from any address.
    for (let i = 0; i < 3; i += 1) expect((await from(ids.student.token, '203.0.113.1', i)).statusCode).toBe(404);
    const limited = await from(ids.student.token, '203.0.113.2', 3);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'Too Many Requests', message: expect.stringMatching(TOO_MANY) });
    // One address: five lookups across users, then 429 for everyone behind it.
    expect((await from(ids.admin.token, '203.0.113.1', 4)).statusCode).toBe(404);
    expect((await from(ids.admin.token, '203.0.113.1', 5)).statusCode).toBe(404);
    expect((await from(ids.admin.token, '203.0.113.1', 6)).statusCode).toBe(429);
  });
});

describe('webhook', () => {
  let event: Delivery;
  beforeAll(async () => {
    const id = await program(t.app, 900);
    const { orderID } = (await createOrder(t.app, ids.student.token, id, 900)).json();
    await approve(sandbox, orderID);
    event = (await sentEvents(sandbox)).find((d) => d.event_type === 'CHECKOUT.ORDER.APPROVED' && orderIdOfEvent(d) === orderID)!;
  });

  it('verifies a real delivery locally, with the sandbox\'s certificate', async () => {
    const res = await deliver(t.app, event);
    expect(res.json()).toEqual({ message: 'Webhook processed.' });
    expect(await row(t.app, orderIdOfEvent(event))).toMatchObject({ status: 'COMPLETED' });
  });

  it('never fetches a certificate from a host that is not PayPal\'s, nor for another algorithm', async () => {
    const forged = [
      { ...event, cert_url: `${strangerOrigin}/v1/notifications/certs/CERT-1` },
      { ...event, cert_url: event.cert_url.replace('/v1/notifications/certs/', '/elsewhere/') },
      { ...event, auth_algo: 'SHA1withRSA' },
    ];
    for (const delivery of forged) {
      const res = await deliver(t.app, delivery);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Bad Request', message: 'The webhook signature could not be verified.' });
    }
    expect(strangerHits).toBe(0);
  });

  it('refuses forged signatures without asking PayPal, and ignores event types it does not act on', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await deliver(t.app, { ...event, transmission_sig: Buffer.from(`forged ${i}`).toString('base64') })).statusCode).toBe(400);
    }
    const other = JSON.stringify({ ...JSON.parse(event.body), event_type: 'BILLING.SUBSCRIPTION.CREATED' });
    const res = await deliver(t.app, event, other);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Webhook ignored: this site does not act on this event type.' });
  });

  it('still asks PayPal when configured to (PAYPAL_WEBHOOK_VERIFY=api)', async () => {
    const asking = await createTestApp({ config: { paypal: paypalConfig(sandbox.url, { webhookVerification: 'api' }) } });
    try {
      expect((await deliver(asking.app, event)).json()).toEqual({ message: 'Webhook processed.' });
      expect((await deliver(asking.app, { ...event, transmission_sig: 'Zm9yZ2Vk' })).statusCode).toBe(400);
    } finally {
      await asking.close();
    }
  });
});
