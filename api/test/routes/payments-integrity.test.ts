import { createTestApp } from '../helpers/app';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy';
import { approve, captureCount, clientOrder, paypalConfig, sandboxOrders } from '../helpers/paypal';
import { captureOrder, createOrder, paymentCount, paymentsEnv, program, row, type PaymentsEnv } from '../helpers/payments';
import { snapshot } from '../helpers/snapshot';
import { bearer, signInSeeded } from '../helpers/tokens';

/** One payment per order whatever the network and the clients do; PayPal's failures are clear 502s. */
let env: PaymentsEnv;
let proxy: FaultProxy;
beforeAll(async () => {
  // The API reaches the sandbox through a proxy that can fail on demand.
  env = await paymentsEnv({
    apiBase: async (sandboxUrl) => {
      proxy = await startFaultProxy(sandboxUrl);
      return proxy.url;
    },
  });
});
afterEach(() => {
  proxy.mode = 'pass';
});
afterAll(async () => {
  await env.close();
  await proxy.close();
});

const student = () => env.ids.student.token;
const UNAVAILABLE = { error: 'Bad Gateway', message: 'PayPal could not be reached. Please try again in a moment.' };

async function approvedOrder(price: number, amount = price) {
  const id = await program(env.t.app, price);
  const { orderID } = (await createOrder(env.t.app, student(), id, amount)).json();
  await approve(env.sandbox, orderID);
  return { id, orderID };
}

describe('concurrency and replays', () => {
  it('records exactly one payment for ten simultaneous captures of one order', async () => {
    const { id, orderID } = await approvedOrder(1300);
    const answers = await Promise.all(Array.from({ length: 10 }, () => captureOrder(env.t.app, student(), orderID, id)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.json().payment._id)).size).toBe(1);
    expect(answers.every((a) => a.json().payment.status === 'COMPLETED')).toBe(true);
    expect(await paymentCount(env.t.app, 'paypal_order_id = $1', [orderID])).toBe(1);
    expect(await paymentCount(env.t.app, "program_id = $1 AND status = 'COMPLETED'", [id])).toBe(1);
    expect(await captureCount(env.sandbox, orderID)).toBe(1);
  });

  it('records one payment when the complete and capture routes race for one order', async () => {
    const { id, orderID } = await approvedOrder(900);
    const answers = await Promise.all([
      captureOrder(env.t.app, student(), orderID, id),
      env.t.app.inject({ method: 'POST', url: '/api/complete-payment', headers: bearer(student()), payload: { token: orderID, payerID: 'SANDBOXBUYER1' } }),
      env.t.app.inject({ method: 'POST', url: '/api/verify-payment', headers: bearer(student()), payload: { orderID } }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await paymentCount(env.t.app, 'paypal_order_id = $1', [orderID])).toBe(1);
    expect(await captureCount(env.sandbox, orderID)).toBe(1);
  });
});

describe('PayPal failures', () => {
  it.each([['refuses connections', 'refuse'], ['answers 503 pages', 'error']] as const)(
    'create-order answers 502 and records nothing when PayPal %s', async (_name, mode) => {
      const id = await program(env.t.app, 700);
      const before = await snapshot(env.t);
      proxy.mode = mode;
      const res = await createOrder(env.t.app, student(), id, 700);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual(UNAVAILABLE);
      expect(await snapshot(env.t)).toEqual(before);
    });

  it('capture answers 502 while PayPal is down, keeps the order open, and captures it once PayPal is back', async () => {
    const { id, orderID } = await approvedOrder(800);
    proxy.mode = 'refuse';
    const res = await captureOrder(env.t.app, student(), orderID, id);
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 502, body: UNAVAILABLE });
    expect((await row(env.t.app, orderID))!.status).toBe('CREATED');
    proxy.mode = 'pass';
    expect((await captureOrder(env.t.app, student(), orderID, id)).json().payment.status).toBe('COMPLETED');
  });

  it('survives a capture PayPal performed but whose answer was lost: the retry is the same capture', async () => {
    const { id, orderID } = await approvedOrder(950);
    proxy.mode = 'drop-response';
    expect((await captureOrder(env.t.app, student(), orderID, id)).statusCode).toBe(502);
    expect(await captureCount(env.sandbox, orderID)).toBe(1); // PayPal took the money...
    expect((await row(env.t.app, orderID))!.status).toBe('CREATED'); // ...and we do not know it yet
    proxy.mode = 'pass';
    const res = await captureOrder(env.t.app, student(), orderID, id);
    expect(res.json()).toMatchObject({ payment: { status: 'COMPLETED', amount: 950 }, amountPaid: 950, dueAmount: 0 });
    expect(await captureCount(env.sandbox, orderID)).toBe(1);
    // Our own retries reused the capture's PayPal-Request-Id.
    const captures = proxy.requests.filter((r) => r === `POST /v2/checkout/orders/${orderID}/capture`);
    expect(captures.length).toBeGreaterThanOrEqual(3);
  });

  it('creates one PayPal order, not two, when the answer to create is lost and retried', async () => {
    const id = await program(env.t.app, 700);
    const before = await snapshot(env.t);
    const orders = (await sandboxOrders(env.sandbox)).length;
    proxy.mode = 'drop-response';
    expect((await createOrder(env.t.app, student(), id, 700)).statusCode).toBe(502);
    expect(proxy.requests.filter((r) => r === 'POST /v2/checkout/orders').length).toBeGreaterThanOrEqual(2);
    expect(await sandboxOrders(env.sandbox)).toHaveLength(orders + 1);
    expect(await snapshot(env.t)).toEqual(before);
  });

  it('verify answers 502 and records nothing while PayPal is down', async () => {
    const courseId = await program(env.t.app, 600);
    const orderId = await clientOrder(env.sandbox, { value: '600.00', referenceId: courseId });
    proxy.mode = 'refuse';
    const res = await env.t.app.inject({ method: 'POST', url: '/api/verify-payment', headers: bearer(student()), payload: { orderID: orderId } });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 502, body: UNAVAILABLE });
    expect(await row(env.t.app, orderId)).toBeNull();
  });

  it('keeps the order open after a declined funding source, so the payer can try again', async () => {
    const { id, orderID } = await approvedOrder(900);
    await env.sandbox.app.inject({ method: 'POST', url: '/__control/paypal', payload: { failNextCapture: 1 } });
    const res = await captureOrder(env.t.app, student(), orderID, id);
    expect(res.json()).toEqual({ error: 'Unprocessable Entity', message: 'PayPal declined the payment method. Please try again with another one.' });
    expect((await row(env.t.app, orderID))!.status).toBe('CREATED');
    expect((await captureOrder(env.t.app, student(), orderID, id)).statusCode).toBe(200);
  });

  it('marks the order FAILED when PayPal refuses it for good', async () => {
    const { id, orderID } = await approvedOrder(900);
    await env.sandbox.app.inject({ method: 'POST', url: '/__control/paypal', payload: { failNextCapture: 1, issue: 'TRANSACTION_REFUSED' } });
    const message = 'PayPal refused this payment (TRANSACTION_REFUSED). Please start a new payment.';
    expect((await captureOrder(env.t.app, student(), orderID, id)).json()).toEqual({ error: 'Unprocessable Entity', message });
    expect((await row(env.t.app, orderID))!.status).toBe('FAILED');
    expect((await captureOrder(env.t.app, student(), orderID, id)).json()).toEqual({ error: 'Unprocessable Entity', message });
    expect(await captureCount(env.sandbox, orderID)).toBe(0);
  });

  it('answers 502 with another message when PayPal refuses our credentials', async () => {
    const wrong = await createTestApp({ config: { paypal: paypalConfig(env.sandbox.url, { clientSecret: 'wrong' }) } });
    try {
      const { student: s } = await signInSeeded(wrong.app);
      const res = await createOrder(wrong.app, s.token, await program(wrong.app, 700), 700);
      expect(res.json()).toEqual({ error: 'Bad Gateway', message: 'PayPal could not process this request. Please try again later.' });
      expect(await paymentCount(wrong.app)).toBe(0);
    } finally {
      await wrong.close();
    }
  });
});

describe("another user's order", () => {
  it('is a 404 for capture, complete, verify and cancel, and stays untouched', async () => {
    const { id, orderID } = await approvedOrder(1000);
    const other = bearer(env.ids.admin.token);
    const tries = [
      { url: '/api/payments/capture-order', payload: { orderID, programID: id } },
      { url: '/api/complete-payment', payload: { token: orderID, payerID: 'SANDBOXBUYER1' } },
      { url: '/api/verify-payment', payload: { orderID } },
      { url: `/api/payment/cancel/${orderID}` },
    ];
    for (const attempt of tries) {
      const res = await env.t.app.inject({ method: 'POST', headers: other, ...attempt });
      expect({ url: attempt.url, status: res.statusCode, body: res.json() }).toEqual({
        url: attempt.url, status: 404, body: { error: 'Not Found', message: 'Payment not found.' },
      });
    }
    expect((await row(env.t.app, orderID))!.status).toBe('CREATED');
    expect(await captureCount(env.sandbox, orderID)).toBe(0);
    const mine = (await env.t.app.inject({ method: 'GET', url: '/api/payments/mine', headers: other })).json();
    expect(mine.map((p: { paypalOrderId: string }) => p.paypalOrderId)).not.toContain(orderID);
    // After its owner completes it, the other user still cannot read or replay it.
    await captureOrder(env.t.app, student(), orderID, id);
    expect((await env.t.app.inject({ method: 'POST', url: '/api/verify-payment', headers: other, payload: { orderID } })).statusCode).toBe(404);
  });

  it('is a 404 for a browser-made order that names its buyer', async () => {
    const courseId = await program(env.t.app, 600);
    const orderId = await clientOrder(env.sandbox, { value: '600.00', referenceId: courseId, customId: env.ids.student.userId });
    const res = await env.t.app.inject({ method: 'POST', url: '/api/verify-payment', headers: bearer(env.ids.admin.token), payload: { orderID: orderId } });
    expect(res.statusCode).toBe(404);
    expect(await row(env.t.app, orderId)).toBeNull();
    expect((await env.t.app.inject({ method: 'POST', url: '/api/verify-payment', headers: bearer(student()), payload: { orderID: orderId } })).statusCode).toBe(200);
  });
});
