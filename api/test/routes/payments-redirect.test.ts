import { SITE_URL } from '../helpers/app';
import { captureCount, clientOrder, pressOnApprovalPage, sandboxOrder } from '../helpers/paypal';
import { paymentCount, paymentsEnvPerFile, program, row } from '../helpers/payments';
import { bearer } from '../helpers/tokens';

/** The course payment page (POST /payment), PayPal's approval page, then the success or cancel page. */
const env = paymentsEnvPerFile();

const student = () => env.ids.student.token;
const start = (payload: unknown, token: string | null = student()) =>
  env.t.app.inject({ method: 'POST', url: '/payment', headers: token ? bearer(token) : {}, payload: payload as never });
const complete = (token: string, payerID: string, as = student()) =>
  env.t.app.inject({ method: 'POST', url: '/api/complete-payment', headers: bearer(as), payload: { token, payerID } });
const cancel = (token: string, as = student()) =>
  env.t.app.inject({ method: 'POST', url: `/api/payment/cancel/${encodeURIComponent(token)}`, headers: bearer(as) });

async function started(courseId: string, amount: number): Promise<string> {
  const res = await start({ amount, courseId });
  expect(res.statusCode).toBe(201);
  const url = new URL(res.json().approval_url);
  return url.searchParams.get('token')!;
}

describe('POST /payment -> approval page -> POST /api/complete-payment', () => {
  it('walks the whole redirect flow and records the payment once', async () => {
    const courseId = await program(env.t.app, 1500);
    const res = await start({ amount: 1500, courseId });
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json())).toEqual(['approval_url']);
    const approvalUrl = new URL(res.json().approval_url);
    expect(`${approvalUrl.origin}${approvalUrl.pathname}`).toBe(`${env.sandbox.url.replace('127.0.0.1', 'localhost')}/checkoutnow`);
    const orderId = approvalUrl.searchParams.get('token')!;

    const order = await sandboxOrder(env.sandbox, orderId);
    expect(order.status).toBe('PAYER_ACTION_REQUIRED');
    expect(order.sandbox).toMatchObject({ return_url: `${SITE_URL}/payment-success`, cancel_url: `${SITE_URL}/payment-cancel` });
    expect(order.purchase_units[0]).toMatchObject({ reference_id: courseId, custom_id: env.ids.student.userId, amount: { value: '1500.00' } });

    // The buyer sees the approval page and presses "Pay now"; PayPal sends them back to the success page.
    const page = await env.sandbox.app.inject({ method: 'GET', url: `${approvalUrl.pathname}${approvalUrl.search}` });
    expect(page.body).toContain('Pay now');
    const back = await pressOnApprovalPage(env.sandbox, orderId, 'approve');
    expect(`${back.origin}${back.pathname}`).toBe(`${SITE_URL}/payment-success`);
    expect(back.searchParams.get('token')).toBe(orderId);

    const done = await complete(orderId, back.searchParams.get('PayerID')!);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      message: 'Payment successful! You are now enrolled.', amountPaid: 1500, dueAmount: 0,
      payment: { paypalOrderId: orderId, status: 'COMPLETED', amount: 1500, currency: 'USD' },
    });
    expect(await row(env.t.app, orderId)).toMatchObject({ flow: 'redirect', status: 'COMPLETED' });

    // The success page reloaded: the same payment, no second capture.
    const again = await complete(orderId, 'SANDBOXBUYER1');
    expect(again.json()).toEqual(done.json());
    expect(await captureCount(env.sandbox, orderId)).toBe(1);
  });

  it('takes a partial amount and applies the same rules as the buttons', async () => {
    const courseId = await program(env.t.app, 1200);
    expect((await start({ amount: 499, courseId })).json()).toEqual({ error: 'Bad Request', message: 'Partial payment must be at least $500, or the full amount due ($1,200).' });
    const orderId = await started(courseId, 600);
    await pressOnApprovalPage(env.sandbox, orderId, 'approve');
    expect((await complete(orderId, 'SANDBOXBUYER1')).json()).toMatchObject({ amountPaid: 600, dueAmount: 600 });
  });

  it('needs a signed-in user before anything else, then a course id', async () => {
    const courseId = await program(env.t.app, 700);
    for (const payload of [{ amount: 700, courseId }, { amount: 'x' }, {}]) {
      const res = await start(payload, null);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Unauthorized', message: 'Authentication required. Please sign in.' });
    }
    expect((await start({ amount: 700 })).json()).toEqual({ error: 'Bad Request', message: 'Course ID is required.' });
    expect((await start({ amount: 700, courseId: 'nope' })).json()).toEqual({ error: 'Not Found', message: 'Program not found.' });
  });

  it('refuses to complete an order the payer has not approved', async () => {
    const orderId = await started(await program(env.t.app, 700), 700);
    const res = await complete(orderId, 'SANDBOXBUYER1');
    expect(res.json()).toEqual({ error: 'Unprocessable Entity', message: 'The payment has not been approved at PayPal yet.' });
  });
});

describe('POST /api/payment/cancel/:token', () => {
  it('cancels the order the payer walked away from, once and for all', async () => {
    const orderId = await started(await program(env.t.app, 900), 900);
    const back = await pressOnApprovalPage(env.sandbox, orderId, 'cancel');
    expect(`${back.origin}${back.pathname}?token=${back.searchParams.get('token')}`).toBe(`${SITE_URL}/payment-cancel?token=${orderId}`);

    const res = await cancel(orderId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Payment cancelled.' });
    expect((await row(env.t.app, orderId))!.status).toBe('CANCELLED');
    expect((await cancel(orderId)).json()).toEqual({ message: 'Payment cancelled.' });

    // Approving at PayPal afterwards does not bring it back.
    await pressOnApprovalPage(env.sandbox, orderId, 'approve');
    const late = await complete(orderId, 'SANDBOXBUYER1');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: 'Conflict', message: 'This payment was cancelled.' });
    expect(await captureCount(env.sandbox, orderId)).toBe(0);
  });

  it('refuses to cancel a completed payment', async () => {
    const orderId = await started(await program(env.t.app, 900), 900);
    await pressOnApprovalPage(env.sandbox, orderId, 'approve');
    await complete(orderId, 'SANDBOXBUYER1');
    const res = await cancel(orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This payment has already been completed and cannot be cancelled.');
    expect((await row(env.t.app, orderId))!.status).toBe('COMPLETED');
  });

  it('answers for orders made in the browser (checkout modal) without recording them', async () => {
    const courseId = await program(env.t.app, 400);
    const open = await clientOrder(env.sandbox, { value: '400.00', referenceId: courseId, capture: null });
    const before = await paymentCount(env.t.app);
    expect((await cancel(open)).json()).toEqual({ message: 'Payment cancelled.' });
    const paid = await clientOrder(env.sandbox, { value: '400.00', referenceId: courseId });
    expect((await cancel(paid)).statusCode).toBe(409);
    expect(await paymentCount(env.t.app)).toBe(before);
  });

  it('answers 404 for ids PayPal does not know and for malformed ids', async () => {
    for (const token of ['5O190127TN364715T', 'a/../b', '%00']) {
      const res = await cancel(token);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Not Found');
    }
  });
});
