import { approve, captureCount, sandboxOrder, sandboxOrders } from '../helpers/paypal';
import { captureOrder, checkPayment, createOrder, paymentCount, paymentsEnvPerFile, payWithButtons, program, row } from '../helpers/payments';
import { snapshot } from '../helpers/snapshot';
import { bearer } from '../helpers/tokens';

/** The program page: create-order, approval at PayPal, capture-order, check; the rules and the balance. */
const env = paymentsEnvPerFile();

const student = () => env.ids.student.token;

/** create -> approve -> capture; returns the capture response. */
const pay = (programId: string, amount: number) => payWithButtons(env, programId, amount);

describe('POST /api/payments/create-order/:id', () => {
  it('creates the PayPal order the contract describes, priced from the database', async () => {
    const id = await program(env.t.app, 1200);
    const res = await createOrder(env.t.app, student(), id, 1200);
    expect(res.statusCode).toBe(201);
    const { orderID } = res.json();
    expect(Object.keys(res.json())).toEqual(['orderID']);
    const order = await sandboxOrder(env.sandbox, orderID);
    expect(order.intent).toBe('CAPTURE');
    expect(order.status).toBe('CREATED');
    expect(order.purchase_units).toHaveLength(1);
    const title = (await env.t.app.repos.programs.find(id))!.title;
    expect(order.purchase_units[0]).toMatchObject({
      amount: { currency_code: 'USD', value: '1200.00' }, description: `Payment for ${title}`,
      reference_id: id, custom_id: env.ids.student.userId,
    });
    expect(await row(env.t.app, orderID)).toMatchObject({ status: 'CREATED', amountCents: 120_000, flow: 'buttons', userId: env.ids.student.userId });
  });

  it('works for a quick program and accepts a partial amount with cents', async () => {
    const id = await program(env.t.app, 900, 'quick_program');
    const res = await createOrder(env.t.app, student(), id, 650.5);
    expect(res.statusCode).toBe(201);
    expect((await sandboxOrder(env.sandbox, res.json().orderID)).purchase_units[0]!.amount.value).toBe('650.50');
  });

  it('keeps PayPal description within its 127 characters', async () => {
    const id = await program(env.t.app, 1000);
    await env.t.app.db.query('UPDATE programs SET title = $2 WHERE id = $1', [id, 'T'.repeat(200)]);
    const { orderID } = (await createOrder(env.t.app, student(), id, 1000)).json();
    expect((await sandboxOrder(env.sandbox, orderID)).purchase_units[0]!.description).toBe(`Payment for ${'T'.repeat(115)}`);
  });

  describe('refuses a tampered amount, and creates nothing anywhere', () => {
    let expensive: string;
    let cheap: string;
    let edge: string;
    beforeAll(async () => {
      expensive = await program(env.t.app, 1200);
      cheap = await program(env.t.app, 300);
      edge = await program(env.t.app, 500);
    });
    const cases: [string, () => string, unknown, number, string][] = [
      ['below the $500 minimum', () => expensive, 499.99, 400, 'Partial payment must be at least $500, or the full amount due ($1,200).'],
      ['above the price', () => expensive, 1200.01, 400, 'Amount cannot exceed program price ($1,200).'],
      ['a partial payment on a price below $500', () => cheap, 200, 400, 'Partial payment is only available for programs priced above $500. Pay the full $300.'],
      ['a partial payment on a price of exactly $500', () => edge, 499, 400, 'Partial payment is only available for programs priced above $500. Pay the full $500.'],
      ['above a price below $500', () => cheap, 500, 400, 'Amount cannot exceed program price ($300).'],
      ['zero', () => expensive, 0, 400, 'Amount must be a positive amount in dollars with at most 2 decimals.'],
      ['negative', () => expensive, -1200, 400, 'Amount must be a positive amount in dollars with at most 2 decimals.'],
      ['three decimals', () => expensive, 600.001, 400, 'Amount must be a positive amount in dollars with at most 2 decimals.'],
      ['a string', () => expensive, '1200', 400, 'Amount must be a number.'],
      ['an unknown program', () => '00000000-0000-4000-8000-000000000000', 1200, 404, 'Program not found.'],
      ['a malformed program id', () => 'not-a-program', 1200, 404, 'Program not found.'],
    ];
    it.each(cases)('%s', async (_name, id, amount, status, message) => {
      const before = await snapshot(env.t);
      const orders = (await sandboxOrders(env.sandbox)).length;
      const res = await createOrder(env.t.app, student(), id(), amount);
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: { error: status === 400 ? 'Bad Request' : 'Not Found', message } });
      expect(await snapshot(env.t)).toEqual(before);
      expect(await sandboxOrders(env.sandbox)).toHaveLength(orders);
    });

    it('also refuses a missing amount and unknown fields', async () => {
      const id = expensive;
      const missing = await env.t.app.inject({ method: 'POST', url: `/api/payments/create-order/${id}`, headers: bearer(student()), payload: {} });
      expect(missing.json()).toEqual({ error: 'Bad Request', message: 'Amount is required.' });
      const price = await env.t.app.inject({ method: 'POST', url: `/api/payments/create-order/${id}`, headers: bearer(student()), payload: { amount: 1, price: 1 } });
      expect(price.json()).toEqual({ error: 'Bad Request', message: 'Unknown field "price".' });
    });
  });
});

describe('POST /api/payments/capture-order', () => {
  it('refuses an order the payer has not approved yet, and leaves it open', async () => {
    const id = await program(env.t.app, 700);
    const { orderID } = (await createOrder(env.t.app, student(), id, 700)).json();
    const res = await captureOrder(env.t.app, student(), orderID, id);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: 'Unprocessable Entity', message: 'The payment has not been approved at PayPal yet.' });
    expect((await row(env.t.app, orderID))!.status).toBe('CREATED');
    await approve(env.sandbox, orderID);
    expect((await captureOrder(env.t.app, student(), orderID, id)).statusCode).toBe(200);
  });

  it('captures an approved order, records it once, and answers the payment with the balance', async () => {
    const id = await program(env.t.app, 1200);
    const { orderID, res } = await pay(id, 1200);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      message: 'Payment successful! You are now enrolled.',
      payment: {
        _id: expect.any(String), user: { username: 'student', email: 'student@northbridge.example' },
        program: { title: expect.stringMatching(/^Payments program/), price: 1200 }, amount: 1200, currency: 'USD',
        paypalOrderId: orderID, status: 'COMPLETED', createdAt: expect.any(String), paidAmount: 1200, dueAfter: 0,
        receiptNumber: expect.stringMatching(/^\d{4}-\d{6}$/),
      },
      amountPaid: 1200,
      dueAmount: 0,
    });
    expect(await row(env.t.app, orderID)).toMatchObject({ status: 'COMPLETED', paypalCaptureId: expect.any(String), payerId: 'SANDBOXBUYER1' });
    expect(await checkPayment(env.t.app, student(), id)).toEqual({ hasPaid: true, amountPaid: 1200, dueAmount: 0 });

    // Replays (a retry, a double click) return the same payment and never reach PayPal's capture again.
    for (let i = 0; i < 3; i += 1) {
      const again = await captureOrder(env.t.app, student(), orderID, id);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(body);
    }
    expect(await captureCount(env.sandbox, orderID)).toBe(1);
    expect(await paymentCount(env.t.app, 'paypal_order_id = $1', [orderID])).toBe(1);
  });

  it('refuses an order presented with another program id', async () => {
    const id = await program(env.t.app, 800);
    const other = await program(env.t.app, 800);
    const { orderID } = (await createOrder(env.t.app, student(), id, 800)).json();
    await approve(env.sandbox, orderID);
    const res = await captureOrder(env.t.app, student(), orderID, other);
    expect(res.json()).toEqual({ error: 'Bad Request', message: 'This order is for a different program.' });
    expect(await captureCount(env.sandbox, orderID)).toBe(0);
  });

  it('answers 404 for unknown and malformed order ids', async () => {
    const id = await program(env.t.app, 800);
    for (const orderID of ['5O190127TN364715T', '../v1/oauth2/token', 'x'.repeat(65)]) {
      const res = await captureOrder(env.t.app, student(), orderID, id);
      expect(res.json()).toEqual({ error: 'Not Found', message: 'Payment not found.' });
    }
  });
});

describe('GET /api/payments/check/:id', () => {
  it('reports nothing paid for a program never paid, and 404 for unknown programs', async () => {
    const id = await program(env.t.app, 650);
    expect(await checkPayment(env.t.app, student(), id)).toEqual({ hasPaid: false, amountPaid: 0, dueAmount: 650 });
    const res = await env.t.app.inject({ method: 'GET', url: '/api/payments/check/nope', headers: bearer(student()) });
    expect(res.json()).toEqual({ error: 'Not Found', message: 'Program not found.' });
  });

  it("counts only the caller's completed payments", async () => {
    const id = await program(env.t.app, 900);
    await pay(id, 900);
    expect(await checkPayment(env.t.app, env.ids.admin.token, id)).toEqual({ hasPaid: false, amountPaid: 0, dueAmount: 900 });
    await createOrder(env.t.app, env.ids.admin.token, id, 900);
    expect(await checkPayment(env.t.app, env.ids.admin.token, id)).toEqual({ hasPaid: false, amountPaid: 0, dueAmount: 900 });
  });
});
