import Fastify from 'fastify';
import { createPayPalClient } from '../../src/payments/paypal-client';
import { PayPalError } from '../../src/payments/paypal-error';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy';
import { paypalConfig, startSandbox, type Sandbox } from '../helpers/paypal';

/** The PayPal client against the sandbox, through a proxy that fails on demand. */
let sandbox: Sandbox;
let proxy: FaultProxy;
beforeAll(async () => {
  sandbox = await startSandbox();
  proxy = await startFaultProxy(sandbox.url);
});
afterEach(() => {
  proxy.mode = 'pass';
  proxy.requests.length = 0;
});
afterAll(async () => {
  await proxy.close();
  await sandbox.close();
});

// Fastify's own no-op logger: the client logs PayPal's failures, which these tests provoke on purpose.
const silent = Fastify({ logger: false }).log;
const body = (value = '10.00') => ({
  intent: 'CAPTURE' as const,
  purchase_units: [{ reference_id: 'r', custom_id: 'c', description: 'Payment for X', amount: { currency_code: 'USD', value } }],
});

it('gets one OAuth token and reuses it', async () => {
  const client = createPayPalClient(paypalConfig(proxy.url), silent);
  const order = await client.createOrder(body(), 'create-1');
  await client.getOrder(order.id!);
  await client.getOrder(order.id!);
  expect(proxy.requests.filter((r) => r === 'POST /v1/oauth2/token')).toHaveLength(1);
  expect(order).toMatchObject({ status: 'CREATED', purchase_units: [{ amount: { value: '10.00' } }] });
});

it('sends the PayPal-Request-Id, so a repeated create is the same order', async () => {
  const client = createPayPalClient(paypalConfig(proxy.url), silent);
  const a = await client.createOrder(body(), 'create-same');
  const b = await client.createOrder(body('99.00'), 'create-same');
  expect(b.id).toBe(a.id);
});

it('retries once after a lost answer, then reports PayPal as unavailable', async () => {
  const client = createPayPalClient(paypalConfig(proxy.url), silent);
  await client.getOrder((await client.createOrder(body(), 'create-2')).id!);
  proxy.requests.length = 0;
  proxy.mode = 'refuse';
  const error = await client.getOrder('ANYORDER').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(PayPalError);
  expect(error).toMatchObject({ kind: 'unavailable', statusCode: 502, message: 'PayPal could not be reached. Please try again in a moment.' });
  expect(proxy.requests).toEqual(['GET /v2/checkout/orders/ANYORDER', 'GET /v2/checkout/orders/ANYORDER']);
});

it("reports PayPal's refusals with their issue and debug id", async () => {
  const client = createPayPalClient(paypalConfig(sandbox.url), silent);
  const error = await client.getOrder('NOSUCHORDER').catch((e: unknown) => e);
  expect(error).toMatchObject({ kind: 'refused', providerStatus: 404, issue: 'INVALID_RESOURCE_ID', debugId: expect.stringMatching(/^[0-9a-f]+$/) });
  const declined = await client.createOrder(body('0.00'), 'create-zero').catch((e: unknown) => e);
  expect(declined).toMatchObject({ kind: 'refused', providerStatus: 422, issue: 'CANNOT_BE_ZERO_OR_NEGATIVE' });
});

it('refuses wrong credentials without retrying them', async () => {
  const client = createPayPalClient(paypalConfig(proxy.url, { clientSecret: 'nope' }), silent);
  const error = await client.getOrder('X').catch((e: unknown) => e);
  expect(error).toMatchObject({ kind: 'refused', providerStatus: 401, message: 'PayPal could not process this request. Please try again later.' });
  expect(proxy.requests).toEqual(['POST /v1/oauth2/token']);
});

it('asks PayPal about a webhook with the event quoted byte for byte', async () => {
  const client = createPayPalClient(paypalConfig(sandbox.url), silent);
  const transmission = { auth_algo: 'SHA256withRSA', cert_url: 'x', transmission_id: 'y', transmission_sig: 'z', transmission_time: 't' };
  expect(await client.verifyWebhookSignature(transmission, '{"id":"WH-1","event_type":"X"}')).toBe(false);
});
