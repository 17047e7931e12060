import { clientOrder } from '../helpers/paypal';
import { checkPayment, paymentCount, paymentsEnvPerFile, program, row } from '../helpers/payments';
import { bearer } from '../helpers/tokens';

/**
 * The checkout modal creates and captures the order in the browser with the client id, then the success page
 * posts the order id. The server asks PayPal itself and records COMPLETED, or REJECTED when the rules are broken.
 */
const env = paymentsEnvPerFile();

const student = () => env.ids.student.token;
/** What the checkout modal makes: the order names its buyer in custom_id. */
const studentOrder = (input: Omit<Parameters<typeof clientOrder>[1], 'customId'>) =>
  clientOrder(env.sandbox, { ...input, customId: env.ids.student.userId });
const verify = (orderID: string, as = student()) =>
  env.t.app.inject({ method: 'POST', url: '/api/verify-payment', headers: bearer(as), payload: { orderID } });

describe('POST /api/verify-payment', () => {
  it('records a browser-made order that keeps the rules, once', async () => {
    const courseId = await program(env.t.app, 1200);
    const orderId = await studentOrder({ value: '1200.00', referenceId: courseId });
    const res = await verify(orderId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Payment successful! You are now enrolled.', amountPaid: 1200, dueAmount: 0,
      payment: { paypalOrderId: orderId, status: 'COMPLETED', amount: 1200, currency: 'USD', user: { username: 'student' }, program: { price: 1200 } },
    });
    expect(await row(env.t.app, orderId)).toMatchObject({ flow: 'client', status: 'COMPLETED', userId: env.ids.student.userId, paypalCaptureId: expect.any(String) });
    expect((await verify(orderId)).json()).toEqual(res.json());
    expect(await checkPayment(env.t.app, student(), courseId)).toEqual({ hasPaid: true, amountPaid: 1200, dueAmount: 0 });
  });

  it('records a valid partial payment with the balance left', async () => {
    const courseId = await program(env.t.app, 2000);
    const res = await verify(await studentOrder({ value: '800.00', referenceId: courseId }));
    expect(res.json()).toMatchObject({ amountPaid: 800, dueAmount: 1200, payment: { status: 'COMPLETED' } });
  });

  describe('records a payment that breaks the rules as REJECTED (422), never as an enrollment', () => {
    const cases: [string, number, string, string | undefined, string][] = [
      ['an amount tampered down to $10', 1200, '10.00', undefined, 'Partial payment must be at least $500, or the full amount due ($1,200).'],
      ['more than the price', 300, '350.00', undefined, 'Amount cannot exceed program price ($300).'],
      ['a partial payment on a price of $500 or less', 450, '100.00', undefined, 'Partial payment is only available for programs priced above $500. Pay the full $450.'],
      ['another currency', 900, '900.00', 'EUR', 'Payments are accepted in USD only (got EUR).'],
    ];
    it.each(cases)('%s', async (_name, price, value, currency, reason) => {
      const courseId = await program(env.t.app, price);
      const orderId = await studentOrder({ value, referenceId: courseId, currency });
      const res = await verify(orderId);
      expect(res.statusCode).toBe(422);
      const message = `Payment not accepted: ${reason} It has been recorded for a refund; please contact us.`;
      expect(res.json()).toEqual({ error: 'Unprocessable Entity', message });
      expect(await row(env.t.app, orderId)).toMatchObject({ status: 'REJECTED', statusReason: reason, flow: 'client' });
      expect((await checkPayment(env.t.app, student(), courseId)).hasPaid).toBe(false);
      // A replay says the same and records nothing more.
      expect((await verify(orderId)).json()).toEqual({ error: 'Unprocessable Entity', message });
      expect(await paymentCount(env.t.app, 'paypal_order_id = $1', [orderId])).toBe(1);
    });

    it('an order naming no known course', async () => {
      const orderId = await studentOrder({ value: '99.00', referenceId: 'not-a-course' });
      expect((await verify(orderId)).json().message).toBe(
        'Payment not accepted: The payment does not name a known course or program. It has been recorded for a refund; please contact us.',
      );
      const listed = (await env.t.app.inject({ method: 'GET', url: '/api/payments/mine', headers: bearer(student()) })).json();
      expect(listed.find((p: { paypalOrderId: string }) => p.paypalOrderId === orderId)).toMatchObject({
        status: 'REJECTED', amount: 99, program: null,
      });
    });

    it('a payment above what is still due after an earlier one', async () => {
      const courseId = await program(env.t.app, 1200);
      await verify(await studentOrder({ value: '500.00', referenceId: courseId }));
      const res = await verify(await studentOrder({ value: '1200.00', referenceId: courseId }));
      expect(res.json().message).toContain('Amount cannot exceed the amount due ($700).');
      expect(await checkPayment(env.t.app, student(), courseId)).toEqual({ hasPaid: false, amountPaid: 500, dueAmount: 700 });
    });
  });

  it('records nothing for an order that was not captured', async () => {
    const courseId = await program(env.t.app, 600);
    for (const capture of [null, false] as const) {
      const orderId = await studentOrder({ value: '600.00', referenceId: courseId, capture });
      const res = await verify(orderId);
      expect(res.json()).toEqual({ error: 'Unprocessable Entity', message: 'This payment has not been completed at PayPal.' });
      expect(await row(env.t.app, orderId)).toBeNull();
    }
  });

  it('refuses an order that does not name its buyer (no custom_id), for every caller: never first come, first served', async () => {
    const courseId = await program(env.t.app, 700);
    const orderId = await clientOrder(env.sandbox, { value: '700.00', referenceId: courseId });
    const message = 'This PayPal order does not say which student it is for, so it cannot be recorded. Please contact us with its order id.';
    for (const token of [student(), env.ids.admin.token, student()]) {
      const res = await verify(orderId, token);
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 422, body: { error: 'Unprocessable Entity', message } });
    }
    expect(await row(env.t.app, orderId)).toBeNull();
    expect((await checkPayment(env.t.app, student(), courseId)).hasPaid).toBe(false);
  });

  it("answers 404 for another student's order, and records it for nobody", async () => {
    const courseId = await program(env.t.app, 700);
    const orderId = await studentOrder({ value: '700.00', referenceId: courseId });
    expect((await verify(orderId, env.ids.admin.token)).statusCode).toBe(404);
    expect(await row(env.t.app, orderId)).toBeNull();
    expect((await verify(orderId)).statusCode).toBe(200);
  });

  it('answers 404 for orders PayPal does not know and for malformed ids', async () => {
    for (const orderID of ['5O190127TN364715T', 'a b', '../../v1/oauth2/token']) {
      const res = await verify(orderID);
      expect(res.json()).toEqual({ error: 'Not Found', message: 'Payment not found.' });
    }
  });

  it('lets five simultaneous verifications of one order record it once', async () => {
    const courseId = await program(env.t.app, 750);
    const orderId = await studentOrder({ value: '750.00', referenceId: courseId });
    const answers = await Promise.all(Array.from({ length: 5 }, () => verify(orderId)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().payment._id)).size).toBe(1);
    expect(await paymentCount(env.t.app, 'paypal_order_id = $1', [orderId])).toBe(1);
  });
});
