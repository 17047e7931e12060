import type { FastifyInstance } from 'fastify';
import { approve, capture, createOrder, expectPayPalError, orderBody, sandbox, serverToken } from './support/helpers';

/** POST /v2/payments/captures/{id}/refund: PayPal's refund rules, error shapes and PayPal-Request-Id replays. */
let app: FastifyInstance;
let token: string;
let captureId: string;
beforeEach(async () => {
  app = await sandbox();
  token = await serverToken(app);
  const id = (await createOrder(app, token, orderBody('100.00'))).json().id;
  await approve(app, id);
  captureId = (await capture(app, token, id)).json().purchase_units[0].payments.captures[0].id;
});
afterEach(() => app.close());

const refund = (body: unknown, requestId?: string, id = captureId) => app.inject({
  method: 'POST', url: `/v2/payments/captures/${id}/refund`,
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(requestId ? { 'paypal-request-id': requestId } : {}) },
  payload: JSON.stringify(body),
});
const captureStatus = async () => (await app.inject({ method: 'GET', url: `/v2/payments/captures/${captureId}`, headers: { authorization: `Bearer ${token}` } })).json().status;

it('refunds part, then the rest (no amount), moving the capture to PARTIALLY_REFUNDED then REFUNDED', async () => {
  const part = await refund({ amount: { currency_code: 'USD', value: '30.00' } });
  expect(part.statusCode).toBe(201);
  expect(part.json()).toMatchObject({ status: 'COMPLETED', amount: { currency_code: 'USD', value: '30.00' } });
  expect(await captureStatus()).toBe('PARTIALLY_REFUNDED');
  const rest = await refund({});
  expect(rest.json().amount.value).toBe('70.00');
  expect(await captureStatus()).toBe('REFUNDED');
  expectPayPalError(await refund({}), 422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED');
});

it('refuses more than is left, the wrong currency and too many decimals, in PayPal\'s error shape', async () => {
  expectPayPalError(await refund({ amount: { currency_code: 'USD', value: '100.01' } }), 422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED');
  expectPayPalError(await refund({ amount: { currency_code: 'EUR', value: '1.00' } }), 422, 'UNPROCESSABLE_ENTITY', 'CURRENCY_MISMATCH');
  expectPayPalError(await refund({ amount: { currency_code: 'USD', value: '1.001' } }), 422, 'UNPROCESSABLE_ENTITY', 'DECIMAL_PRECISION');
  expectPayPalError(await refund({}, undefined, 'NOSUCHCAPTURE'), 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
  expect(await captureStatus()).toBe('COMPLETED');
});

it('answers a replay with the same PayPal-Request-Id with the first refund, refunding nothing more', async () => {
  const first = await refund({ amount: { currency_code: 'USD', value: '40.00' } }, 'refund-abc');
  const replay = await refund({ amount: { currency_code: 'USD', value: '40.00' } }, 'refund-abc');
  expect(replay.statusCode).toBe(200);
  expect(replay.json()).toEqual(first.json());
  expect((await refund({})).json().amount.value).toBe('60.00');
});
