import { randomUUID } from 'node:crypto';
import { DEV_STUDENT } from '../../src/config';
import { approve, clientOrder, deliver, orderIdOfEvent, pressOnApprovalPage, sentEvents } from '../helpers/paypal';
import { captureOrder, checkPayment, createOrder, paymentsEnvPerFile, payWithButtons, program, row } from '../helpers/payments';
import { bearer, login } from '../helpers/tokens';

/** Receipts and refunds (issue 18): numbered per year, emailed once, owner or admin only, never over-refunded. */
// Webhook events are recorded by the sandbox and handed over by the tests; the reconciler is driven by hand (tick).
const env = paymentsEnvPerFile({ webhooks: true, config: { paymentReconcile: { intervalMs: 0, staleAfterMs: 0 } } });

async function pay(programId: string, amount: number, token = env.ids.student.token): Promise<string> {
  const { res } = await payWithButtons(env, programId, amount, token);
  expect(res.statusCode).toBe(200);
  return res.json().payment._id;
}
const receipt = (id: string, token: string) => env.t.app.inject({ method: 'GET', url: `/api/receipts/${id}`, headers: bearer(token) });
const refund = (id: string, payload: object, token = env.ids.admin.token) =>
  env.t.app.inject({ method: 'POST', url: `/api/payments/${id}/refunds`, headers: bearer(token), payload });
const outbox = (kind: string) => env.t.app.db.query<{ p: Record<string, unknown> }>('SELECT template_params AS p FROM email_outbox WHERE kind = $1', [kind]);

it('numbers receipts sequentially per year and enqueues exactly one receipt email per payment', async () => {
  const course = await program(env.t.app, 1800);
  const first = await pay(course, 600);
  const second = await pay(course, 1200);
  const year = new Date().getUTCFullYear();
  const a = (await receipt(first, env.ids.student.token)).json();
  const b = (await receipt(second, env.ids.student.token)).json();
  expect(a.receiptNumber).toMatch(new RegExp(`^${year}-\\d{6}$`));
  expect(Number(b.receiptNumber.slice(5))).toBe(Number(a.receiptNumber.slice(5)) + 1);
  expect(a).toMatchObject({ amount: 600, balanceLeft: 1200, currency: 'USD', institute: { name: 'Northbridge Career Institute' } });
  expect(b).toMatchObject({ amount: 1200, balanceLeft: 0 });
  const mails = (await outbox('receipt')).map((r) => r.p.paymentId);
  expect(mails.filter((id) => id === first)).toHaveLength(1);
  // A replayed capture changes nothing: same number, no second email.
  await env.t.app.db.query("UPDATE payments SET status = 'COMPLETED' WHERE id = $1", [first]);
  expect((await receipt(first, env.ids.student.token)).json().receiptNumber).toBe(a.receiptNumber);
  expect((await outbox('receipt')).filter((r) => r.p.paymentId === first)).toHaveLength(1);
});

describe('every path that completes a payment queues exactly one receipt email (the payment completed event)', () => {
  const student = () => env.ids.student.token;
  const post = (url: string, payload: object, token = student()) => env.t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  async function receiptMails(paymentId: string) {
    return env.t.app.db.query<{ to: string; key: string }>(
      "SELECT to_email AS to, dedupe_key AS key FROM email_outbox WHERE kind = 'receipt' AND template_params->>'paymentId' = $1", [paymentId]);
  }
  /** Completed, numbered, and one receipt email to the payer under the receipt's dedupe key. */
  async function expectOneReceipt(orderId: string): Promise<void> {
    const paid = (await row(env.t.app, orderId))!;
    expect(paid).toMatchObject({ status: 'COMPLETED', receiptNumber: expect.stringMatching(/^\d{4}-\d{6}$/) });
    expect(await receiptMails(paid.id)).toEqual([{ to: DEV_STUDENT.email, key: `receipt:${paid.id}` }]);
  }
  async function event(orderId: string, type: string) {
    const found = (await sentEvents(env.sandbox)).filter((d) => d.event_type === type && orderIdOfEvent(d) === orderId);
    return found[found.length - 1]!;
  }
  async function approvedOrder(programId: string, amount: number): Promise<string> {
    const { orderID } = (await createOrder(env.t.app, student(), programId, amount)).json();
    await approve(env.sandbox, orderID);
    return orderID;
  }

  it('the buttons capture, replayed and raced', async () => {
    const course = await program(env.t.app, 700);
    const orderId = await approvedOrder(course, 700);
    const results = await Promise.all([1, 2, 3].map(() => captureOrder(env.t.app, student(), orderId, course)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await captureOrder(env.t.app, student(), orderId, course)).statusCode).toBe(200);
    await expectOneReceipt(orderId);
  });

  it('the redirect return (complete-payment), replayed', async () => {
    const course = await program(env.t.app, 700);
    const started = await post('/payment', { amount: 700, courseId: course });
    const orderId = new URL(started.json().approval_url).searchParams.get('token')!;
    await pressOnApprovalPage(env.sandbox, orderId, 'approve');
    for (let i = 0; i < 2; i += 1) expect((await post('/api/complete-payment', { token: orderId, payerID: 'SANDBOXBUYER1' })).statusCode).toBe(200);
    await expectOneReceipt(orderId);
  });

  it('the verify of a browser-made order, replayed and raced', async () => {
    const course = await program(env.t.app, 700);
    const orderId = await clientOrder(env.sandbox, { value: '700.00', referenceId: course, customId: env.ids.student.userId });
    const results = await Promise.all([1, 2].map(() => post('/api/verify-payment', { orderID: orderId })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await post('/api/verify-payment', { orderID: orderId })).statusCode).toBe(200);
    await expectOneReceipt(orderId);
  });

  it('the webhook: an approved order nobody captured, and a browser-made capture nobody reported, each delivered twice', async () => {
    const approved = await approvedOrder(await program(env.t.app, 700), 700);
    const browserMade = await clientOrder(env.sandbox, { value: '700.00', referenceId: await program(env.t.app, 700), customId: env.ids.student.userId });
    for (const [orderId, type] of [[approved, 'CHECKOUT.ORDER.APPROVED'], [browserMade, 'PAYMENT.CAPTURE.COMPLETED']] as const) {
      const delivery = await event(orderId, type);
      for (let i = 0; i < 2; i += 1) expect((await deliver(env.t.app, delivery)).statusCode).toBe(200);
      await expectOneReceipt(orderId);
    }
  });

  it('the reconciler, then the buyer coming back to capture', async () => {
    const course = await program(env.t.app, 700);
    const orderId = await approvedOrder(course, 700);
    expect(await env.t.app.paymentReconciler.tick()).toBeGreaterThanOrEqual(1);
    expect((await captureOrder(env.t.app, student(), orderId, course)).statusCode).toBe(200);
    await expectOneReceipt(orderId);
  });

  it('an offline payment, retried with the same id', async () => {
    const course = await program(env.t.app, 700);
    const payload = { id: randomUUID(), userId: env.ids.student.userId, programId: course, amount: 700, method: 'cash', paidOn: new Date().toISOString().slice(0, 10), overBalance: 'refuse' };
    for (let i = 0; i < 2; i += 1) expect((await post('/api/admin/ledger/offline-payments', payload, env.ids.admin.token)).statusCode).toBe(201);
    expect(await receiptMails(payload.id)).toEqual([{ to: DEV_STUDENT.email, key: `receipt:${payload.id}` }]);
  });

  it('a status written to the table by hand is numbered but queues nothing: the email is the service\'s event', async () => {
    const orderId = (await createOrder(env.t.app, student(), await program(env.t.app, 700), 700)).json().orderID;
    const open = (await row(env.t.app, orderId))!;
    await env.t.app.db.query("UPDATE payments SET status = 'COMPLETED' WHERE id = $1", [open.id]);
    expect((await row(env.t.app, orderId))!.receiptNumber).toMatch(/^\d{4}-\d{6}$/);
    expect(await receiptMails(open.id)).toEqual([]);
  });
});

it('gives distinct numbers to payments completed at the same moment', async () => {
  const ids = await Promise.all([1, 2, 3, 4].map(async () => pay(await program(env.t.app, 700), 700)));
  const numbers = await Promise.all(ids.map(async (id) => (await receipt(id, env.ids.student.token)).json().receiptNumber));
  expect(new Set(numbers).size).toBe(4);
});

it('shows a receipt to its owner and the admin only: anyone else gets 404', async () => {
  const id = await pay(await program(env.t.app, 650), 650);
  await env.t.app.inject({ method: 'POST', url: '/auth/register', payload: { email: 'other-receipt@example.com', username: 'otherreceipt', password: 'Cobalt-Harbor-81' } });
  const other = await login(env.t.app, 'other-receipt@example.com', 'Cobalt-Harbor-81');
  expect((await receipt(id, env.ids.admin.token)).statusCode).toBe(200);
  expect((await receipt(id, other.token)).json()).toEqual({ error: 'Not Found', message: 'Receipt not found.' });
  expect((await receipt('not-an-id', env.ids.student.token)).statusCode).toBe(404);
});

it('refunds in part then in full through PayPal; balances, receipt and the student follow', async () => {
  const course = await program(env.t.app, 1000);
  const id = await pay(course, 1000);
  const part = await refund(id, { amount: 250, reason: 'Missed the first module' });
  expect(part.statusCode).toBe(200);
  expect(part.json()).toMatchObject({ message: 'Refunded $250.', payment: { status: 'PARTIALLY_REFUNDED', refunded: 250, paidAmount: 750 } });
  expect(await checkPayment(env.t.app, env.ids.student.token, course)).toEqual({ hasPaid: false, amountPaid: 750, dueAmount: 250 });
  expect((await receipt(id, env.ids.student.token)).json()).toMatchObject({ refunded: 250, status: 'PARTIALLY_REFUNDED' });
  const learning = (await env.t.app.inject({ method: 'GET', url: '/api/payments/learning', headers: bearer(env.ids.student.token) })).json();
  expect(learning.find((p: { programId: string }) => p.programId === course)).toMatchObject({ paid: 750, due: 250, receipts: [expect.objectContaining({ paymentId: id, refunded: 250 })] });

  // Above what is left: refused by us before PayPal is asked.
  const tooMuch = await refund(id, { amount: 800 });
  expect(tooMuch.json()).toEqual({ error: 'Bad Request', message: 'The refund may not exceed what is left of the payment ($750).' });
  const rest = await refund(id, {});
  expect(rest.json().payment).toMatchObject({ status: 'REFUNDED', refunded: 1000, paidAmount: 0 });
  expect((await refund(id, { amount: 1 })).statusCode).toBe(422);
  const mails = (await outbox('refund')).filter((r) => r.p.paymentId === id);
  expect(mails.map((r) => r.p.amount)).toEqual([250, 750]);
});

it('never refunds more than captured under concurrent requests', async () => {
  const id = await pay(await program(env.t.app, 900), 900);
  const results = await Promise.all([1, 2, 3, 4, 5].map(() => refund(id, { amount: 300 })));
  expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
  const [row] = await env.t.app.db.query<{ refunded_cents: number; status: string }>('SELECT refunded_cents, status FROM payments WHERE id = $1', [id]);
  expect(row).toEqual({ refunded_cents: 90000, status: 'REFUNDED' });
});

it('lets only an admin refund, and only settled payments', async () => {
  const id = await pay(await program(env.t.app, 650), 650);
  expect((await refund(id, { amount: 10 }, env.ids.student.token)).statusCode).toBe(403);
  const created = (await createOrder(env.t.app, env.ids.student.token, await program(env.t.app, 650), 650)).json().orderID;
  const open = await env.t.app.repos.payments.byOrderId(created);
  expect((await refund(open!.id, { amount: 10 })).json()).toEqual({ error: 'Unprocessable Entity', message: 'Only a completed payment can be refunded.' });
  expect((await refund(id, { amount: 10.005 })).statusCode).toBe(400);
});
