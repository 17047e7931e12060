import { createTestApp } from '../helpers/app';
import { approve, captureCount, paypalConfig } from '../helpers/paypal';
import { captureOrder, checkPayment, createOrder, paymentsEnv, payWithButtons, program, row, type PaymentsEnv } from '../helpers/payments';
import { bearer, signInSeeded } from '../helpers/tokens';

/** Decision 007: paying the rest after a partial payment, open orders that would overpay, the order budget. */
let env: PaymentsEnv;
beforeAll(async () => {
  env = await paymentsEnv();
});
afterAll(() => env.close());

const student = () => env.ids.student.token;

const pay = (programId: string, amount: number) => payWithButtons(env, programId, amount);

describe('balances (decision 007)', () => {
  it('lets the student pay the rest after a partial payment, never more than is due', async () => {
    const id = await program(env.t.app, 1200);
    const first = await pay(id, 500);
    expect(first.res.json()).toMatchObject({ message: 'Payment successful! You are now enrolled. $700 remains to be paid.', amountPaid: 500, dueAmount: 700 });
    expect(await checkPayment(env.t.app, student(), id)).toEqual({ hasPaid: false, amountPaid: 500, dueAmount: 700 });

    expect((await createOrder(env.t.app, student(), id, 800)).json().message).toBe('Amount cannot exceed the amount due ($700).');
    expect((await createOrder(env.t.app, student(), id, 400)).json().message).toBe('Partial payment must be at least $500, or the full amount due ($700).');
    expect((await createOrder(env.t.app, student(), id, 550)).statusCode).toBe(201);

    const rest = await pay(id, 700);
    expect(rest.res.json()).toMatchObject({ message: 'Payment successful! You are now enrolled.', amountPaid: 1200, dueAmount: 0, payment: { amount: 700 } });
    expect(await checkPayment(env.t.app, student(), id)).toEqual({ hasPaid: true, amountPaid: 1200, dueAmount: 0 });
    const more = await createOrder(env.t.app, student(), id, 500);
    expect(more.statusCode).toBe(409);
    expect(more.json()).toEqual({ error: 'Conflict', message: 'You have already paid for this program in full.' });
  });

  it('accepts a remaining balance below $500 as the final payment', async () => {
    const id = await program(env.t.app, 1200);
    await pay(id, 1000);
    const last = await pay(id, 200);
    expect(last.res.json()).toMatchObject({ amountPaid: 1200, dueAmount: 0 });
  });

  it('cancels, without capturing, a second open order that would now overpay', async () => {
    const id = await program(env.t.app, 1200);
    const a = (await createOrder(env.t.app, student(), id, 1200)).json().orderID;
    const b = (await createOrder(env.t.app, student(), id, 1200)).json().orderID;
    await approve(env.sandbox, a);
    await approve(env.sandbox, b);
    expect((await captureOrder(env.t.app, student(), a, id)).statusCode).toBe(200);
    const second = await captureOrder(env.t.app, student(), b, id);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('This payment would exceed the amount due ($0), so it was cancelled. No money was taken.');
    expect(await captureCount(env.sandbox, b)).toBe(0);
    expect((await row(env.t.app, b))!.status).toBe('CANCELLED');
    expect(await checkPayment(env.t.app, student(), id)).toEqual({ hasPaid: true, amountPaid: 1200, dueAmount: 0 });
  });

  it('holds an order back while another capture of the same balance is in flight', async () => {
    const id = await program(env.t.app, 1200);
    const a = (await createOrder(env.t.app, student(), id, 700)).json().orderID;
    const b = (await createOrder(env.t.app, student(), id, 700)).json().orderID;
    await approve(env.sandbox, b);
    // As if a capture of `a` had started a moment ago in another request.
    await env.t.app.db.query('UPDATE payments SET capture_claimed_at = now() WHERE paypal_order_id = $1', [a]);
    const res = await captureOrder(env.t.app, student(), b, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Another payment for this program is being processed. Please try again in a moment.');
    expect((await row(env.t.app, b))!.status).toBe('CREATED');
    // A claim past the capture window is not presumed dead: PayPal is asked, says `a` was never approved (so never
    // captured), and the claim is released (decision 011).
    await env.t.app.db.query("UPDATE payments SET capture_claimed_at = now() - interval '3 minutes' WHERE paypal_order_id = $1", [a]);
    expect((await captureOrder(env.t.app, student(), b, id)).statusCode).toBe(200);
  });
});

describe('order creation budget', () => {
  it('limits each user across both flows (PAYMENT_RATE_LIMIT_MAX), not everyone', async () => {
    const limited = await createTestApp({ config: { paypal: paypalConfig(env.sandbox.url), paymentRateLimit: { max: 2, timeWindowMs: 60_000 } } });
    try {
      const ids = await signInSeeded(limited.app);
      const id = await program(limited.app, 900);
      expect((await createOrder(limited.app, ids.student.token, id, 900)).statusCode).toBe(201);
      const start = { method: 'POST' as const, url: '/payment', headers: bearer(ids.student.token), payload: { amount: 900, courseId: id } };
      expect((await limited.app.inject(start)).statusCode).toBe(201);
      const third = await createOrder(limited.app, ids.student.token, id, 900);
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ error: 'Too Many Requests', message: expect.stringMatching(/^Too many requests\. Please try again in/) });
      expect((await limited.app.inject(start)).statusCode).toBe(429);
      expect((await createOrder(limited.app, ids.admin.token, id, 900)).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
