import { randomUUID } from 'node:crypto';
import { approve } from '../helpers/paypal';
import { captureOrder, checkPayment, createOrder, paymentsEnvPerFile, payWithButtons, program } from '../helpers/payments';
import { day, makeStudent, recordCash } from '../helpers/students';
import { bearer } from '../helpers/tokens';

/**
 * Issue 30, decision 043: what a student owes is price - credits - counted payments, in every path; offline
 * payments get numbered receipts; voids keep the row and count nothing; retries and races record nothing twice.
 */
const env = paymentsEnvPerFile();

const student = () => makeStudent(env.t.app, 'ledger');

const admin = () => bearer(env.ids.admin.token);
const post = (url: string, payload: object, headers = admin()) => env.t.app.inject({ method: 'POST', url, headers, payload });
const cash = (userId: string, programId: string, amount: number, over: Record<string, unknown> = {}) =>
  recordCash(env.t.app, env.ids.admin.token, userId, programId, amount, over);
const credit = (userId: string, programId: string, amount: number, over: Record<string, unknown> = {}) =>
  post('/api/admin/ledger/adjustments', { userId, programId, amount, kind: 'scholarship', reason: 'Merit scholarship', ...over });
const learning = async (token: string) => (await env.t.app.inject({ method: 'GET', url: '/api/payments/learning', headers: bearer(token) })).json();

describe('one balance: price - credits - counted payments', () => {
  it('takes a scholarship off what is due everywhere, and applies the $500 minimum to what is left', async () => {
    const courseId = await program(env.t.app, 900);
    const s = await student();
    const granted = await credit(s.userId, courseId, 400);
    expect(granted.statusCode).toBe(201);
    expect(granted.json()).toMatchObject({
      message: 'Granted a credit of $400.', adjustment: { kind: 'scholarship', amount: 400, reason: 'Merit scholarship', voidedAt: null },
      balance: { price: 900, paid: 0, credit: 400, due: 500 },
    });
    expect(await checkPayment(env.t.app, s.token, courseId)).toEqual({ hasPaid: false, amountPaid: 0, dueAmount: 500 });
    // $500 left after the discount: it is paid whole, no partial of it.
    expect((await createOrder(env.t.app, s.token, courseId, 300)).json().message).toBe('Partial payment is only available for programs priced above $500. Pay the full $500.');
    expect((await createOrder(env.t.app, s.token, courseId, 600)).json().message).toBe('Amount cannot exceed the amount due ($500).');
    expect(await learning(s.token)).toEqual([expect.objectContaining({ programId: courseId, price: 900, paid: 0, credit: 400, due: 500, receipts: [] })]);

    const paid = await payWithButtons(env, courseId, 500, s.token);
    expect(paid.res.json()).toMatchObject({ amountPaid: 500, dueAmount: 0 });
    expect(await checkPayment(env.t.app, s.token, courseId)).toEqual({ hasPaid: true, amountPaid: 500, dueAmount: 0 });
    const receipt = (await env.t.app.inject({ method: 'GET', url: `/api/receipts/${paid.res.json().payment._id}`, headers: bearer(s.token) })).json();
    expect(receipt).toMatchObject({ amount: 500, credits: 400, balanceLeft: 0 });
  });

  it('refuses a credit above what is due, and an unknown student or program', async () => {
    const courseId = await program(env.t.app, 1000);
    const s = await student();
    const above = await credit(s.userId, courseId, 1000.01);
    expect(above.statusCode).toBe(409);
    expect(above.json()).toEqual({ error: 'Conflict', message: 'A credit cannot exceed the balance due ($1,000).' });
    expect((await credit(randomUUID(), courseId, 10)).json()).toEqual({ error: 'Not Found', message: 'Student not found.' });
    expect((await credit(s.userId, randomUUID(), 10)).statusCode).toBe(404);
    expect((await credit(s.userId, courseId, 10.001)).json().message).toBe('Enter an amount in dollars above 0, with at most two decimals.');
    expect((await credit(s.userId, courseId, 10, { kind: 'coupon' })).statusCode).toBe(400);
    expect((await credit(s.userId, courseId, 10, { reason: '   ' })).statusCode).toBe(400);
    expect((await post('/api/admin/ledger/adjustments', { userId: s.userId, programId: courseId, amount: 10, kind: 'scholarship', reason: 'x' }, bearer(s.token))).statusCode).toBe(403);
  });
});

describe('offline payments', () => {
  it('records a cash payment with the next receipt number, counted in the balance, My learning, the list and revenue', async () => {
    const courseId = await program(env.t.app, 1200);
    const s = await student();
    const res = await cash(s.userId, courseId, 700, { reference: 'Front desk #12', note: 'Paid at the open day' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toMatch(/^Recorded \$700 \(receipt \d{4}-\d{6}\)\.$/);
    expect(body.payment).toMatchObject({
      amount: 700, paidAmount: 700, status: 'COMPLETED', paypalOrderId: null, dueAfter: 500,
      offline: { method: 'Cash', reference: 'Front desk #12', paidOn: day(0), note: 'Paid at the open day', voidReason: null },
    });
    expect(body.balance).toEqual({ price: 1200, paid: 700, credit: 0, due: 500 });
    expect(await checkPayment(env.t.app, s.token, courseId)).toEqual({ hasPaid: false, amountPaid: 700, dueAmount: 500 });
    expect((await learning(s.token))[0]).toMatchObject({ paid: 700, due: 500, receipts: [{ receiptNumber: body.payment.receiptNumber, amount: 700 }] });

    const receipt = await env.t.app.inject({ method: 'GET', url: `/api/receipts/${body.payment._id}`, headers: bearer(s.token) });
    expect(receipt.json()).toMatchObject({
      receiptNumber: body.payment.receiptNumber, amount: 700, balanceLeft: 500, paypalOrderId: null,
      paidBy: { method: 'Cash', reference: 'Front desk #12', paidOn: day(0) },
    });
    // The receipt email is queued in the same transaction, as for a PayPal payment.
    const [mail] = await env.t.app.db.query<{ kind: string }>("SELECT kind FROM email_outbox WHERE dedupe_key = $1", [`receipt:${body.payment._id}`]);
    expect(mail).toEqual({ kind: 'receipt' });
    const stats = (await env.t.app.inject({ method: 'GET', url: `/api/admin/stats?from=${day(0)}&to=${day(0)}`, headers: admin() })).json();
    expect(stats.revenueByMonth[0].revenue).toBeGreaterThanOrEqual(700);
    // PayPal cannot refund money it never took.
    const refund = await post(`/api/payments/${body.payment._id}/refunds`, {});
    expect(refund.json().message).toBe('This payment was taken outside PayPal: give the money back the way it came and void the payment with a reason.');
  });

  it('refuses an amount above the balance, or keeps the excess as a credit when the admin chooses so', async () => {
    const courseId = await program(env.t.app, 600);
    const s = await student();
    const refused = await cash(s.userId, courseId, 650);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The amount is above the balance due ($600). Record at most $600, or choose to keep the excess as a credit.');
    expect(await checkPayment(env.t.app, s.token, courseId)).toEqual({ hasPaid: false, amountPaid: 0, dueAmount: 600 });
    const kept = await cash(s.userId, courseId, 650, { overBalance: 'credit', method: 'check', reference: 'CHK 1001' });
    expect(kept.statusCode).toBe(201);
    expect(kept.json().message).toMatch(/; \$50 above the balance is kept as a credit\.$/);
    const [row] = await env.t.app.db.query<{ excess: number }>('SELECT excess_credit_cents AS excess FROM payments WHERE id = $1', [kept.json().payment._id]);
    expect(row!.excess).toBe(5000);
    expect((await cash(s.userId, courseId, 10)).json().message).toBe('Nothing is due on this balance: the student has already paid in full.');
  });

  it('records one payment when the same request is retried, and refuses bad input', async () => {
    const courseId = await program(env.t.app, 1000);
    const s = await student();
    const id = randomUUID();
    const [a, b] = await Promise.all([cash(s.userId, courseId, 300, { id }), cash(s.userId, courseId, 300, { id })]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().payment.receiptNumber).toBe(b.json().payment.receiptNumber);
    expect(await checkPayment(env.t.app, s.token, courseId)).toMatchObject({ amountPaid: 300 });
    expect((await cash(s.userId, courseId, 100, { paidOn: day(2) })).json().message).toBe('The payment date cannot be in the future.');
    expect((await cash(s.userId, courseId, 100, { method: 'bitcoin' })).statusCode).toBe(400);
    expect((await cash(s.userId, courseId, 0)).statusCode).toBe(400);
  });
});

describe('voids', () => {
  it('voids an offline payment once: the row stays, counts nowhere, and a second void is a clear 409', async () => {
    const courseId = await program(env.t.app, 1000);
    const s = await student();
    const paymentId = (await cash(s.userId, courseId, 1000)).json().payment._id as string;
    expect(await checkPayment(env.t.app, s.token, courseId)).toMatchObject({ hasPaid: true });
    const [x, y] = await Promise.all([
      post(`/api/admin/ledger/offline-payments/${paymentId}/void`, { reason: 'Recorded for the wrong student' }),
      post(`/api/admin/ledger/offline-payments/${paymentId}/void`, { reason: 'Recorded for the wrong student' }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    const ok = x.statusCode === 200 ? x : y;
    const refused = x.statusCode === 200 ? y : x;
    expect(ok.json()).toMatchObject({ status: 'VOIDED', paidAmount: 0, offline: { voidReason: 'Recorded for the wrong student' } });
    expect(refused.json()).toEqual({ error: 'Conflict', message: `This was already voided on ${day(0)}.` });
    expect(await checkPayment(env.t.app, s.token, courseId)).toEqual({ hasPaid: false, amountPaid: 0, dueAmount: 1000 });
    const receipt = (await env.t.app.inject({ method: 'GET', url: `/api/receipts/${paymentId}`, headers: bearer(s.token) })).json();
    expect(receipt).toMatchObject({ status: 'VOIDED', voided: { reason: 'Recorded for the wrong student' } });
    expect((await post(`/api/admin/ledger/offline-payments/${paymentId}/void`, { reason: '' })).statusCode).toBe(400);
  });

  it('voids a credit once, and refuses to void a PayPal payment', async () => {
    const courseId = await program(env.t.app, 1000);
    const s = await student();
    const adjustmentId = (await credit(s.userId, courseId, 250)).json().adjustment.id as string;
    const [x, y] = await Promise.all([
      post(`/api/admin/ledger/adjustments/${adjustmentId}/void`, { reason: 'Granted twice' }),
      post(`/api/admin/ledger/adjustments/${adjustmentId}/void`, { reason: 'Granted twice' }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    expect(await checkPayment(env.t.app, s.token, courseId)).toEqual({ hasPaid: false, amountPaid: 0, dueAmount: 1000 });
    const list = (await env.t.app.inject({ method: 'GET', url: `/api/admin/ledger/adjustments?userId=${s.userId}`, headers: admin() })).json();
    expect(list).toEqual([expect.objectContaining({ id: adjustmentId, amount: 250, voidReason: 'Granted twice' })]);

    const paypal = await payWithButtons(env, courseId, 500, s.token);
    const refused = await post(`/api/admin/ledger/offline-payments/${paypal.res.json().payment._id}/void`, { reason: 'no' });
    expect(refused.json()).toEqual({ error: 'Bad Request', message: 'Only a payment recorded by the institute can be voided; refund a PayPal payment instead.' });
    expect((await post(`/api/admin/ledger/offline-payments/${randomUUID()}/void`, { reason: 'no' })).statusCode).toBe(404);
  });
});

describe('races', () => {
  it('an offline payment racing a PayPal capture of the same balance never counts more than the price', async () => {
    const courseId = await program(env.t.app, 1200);
    const s = await student();
    const orderID = (await createOrder(env.t.app, s.token, courseId, 1200)).json().orderID as string;
    await approve(env.sandbox, orderID);
    const [captured, recorded] = await Promise.all([captureOrder(env.t.app, s.token, orderID, courseId), cash(s.userId, courseId, 1200)]);
    // Exactly one of them took the balance; the other was refused (the capture is cancelled before PayPal takes money).
    const codes = [captured.statusCode, recorded.statusCode];
    expect(codes.filter((code) => code === 409)).toHaveLength(1);
    expect(captured.statusCode === 200 || recorded.statusCode === 201).toBe(true);
    expect(await checkPayment(env.t.app, s.token, courseId)).toEqual({ hasPaid: true, amountPaid: 1200, dueAmount: 0 });
    const [{ n }] = (await env.t.app.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM payments WHERE user_id = $1 AND status = 'COMPLETED'", [s.userId])) as [{ n: number }];
    expect(n).toBe(1);
  });
});

describe('enrollment with nothing paid', () => {
  async function session(programId: string, seats: number) {
    const res = await post('/api/sessions', {
      courseId: programId, startsOn: day(20), endsOn: day(80), schedule: 'Mon/Wed 6-9 pm', mode: 'online', seats, enrollmentDeadline: day(18),
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  }

  it('enrolls into a session with its seats enforced, shows the balance due, and later payments pay it', async () => {
    const courseId = await program(env.t.app, 800);
    const sessionId = await session(courseId, 1);
    const [a, b] = [await student(), await student()];
    const [x, y] = await Promise.all([
      post('/api/admin/ledger/enrollments', { userId: a.userId, programId: courseId, sessionId }),
      post('/api/admin/ledger/enrollments', { userId: b.userId, programId: courseId, sessionId }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([201, 409]);
    const [winner, loser] = x.statusCode === 201 ? [a, b] : [b, a];
    expect((x.statusCode === 201 ? y : x).json().message).toBe('This session is full.');
    const record = (x.statusCode === 201 ? x : y).json();
    expect(record).toMatchObject({ status: 'enrolled', amountPaid: 0, balanceDue: 800 });
    expect(record.history.at(-1)).toMatchObject({ status: 'enrolled', note: 'Enrolled by the institute with nothing paid.' });
    expect((await learning(winner.token))[0]).toMatchObject({ programId: courseId, paid: 0, due: 800 });
    expect(await learning(loser.token)).toEqual([]);
    expect((await post('/api/admin/ledger/enrollments', { userId: winner.userId, programId: courseId, sessionId })).json().message)
      .toBe('The student is already enrolled in this session.');

    // Cash for the whole balance: the enrollment is paid in full; voiding it makes it enrolled again.
    const paid = await cash(winner.userId, courseId, 800);
    const mine = async () => (await env.t.app.inject({ method: 'GET', url: '/api/enrollments/mine', headers: bearer(winner.token) })).json()[0];
    expect(await mine()).toMatchObject({ status: 'paid_in_full', amountPaid: 800, balanceDue: 0 });
    await post(`/api/admin/ledger/offline-payments/${paid.json().payment._id}/void`, { reason: 'Bounced check' });
    expect(await mine()).toMatchObject({ status: 'enrolled', amountPaid: 0, balanceDue: 800 });
  });

  it('names the session when the course has sessions, and refuses a program without any', async () => {
    const courseId = await program(env.t.app, 800);
    await session(courseId, 5);
    const s = await student();
    expect((await post('/api/admin/ledger/enrollments', { userId: s.userId, programId: courseId })).json().message)
      .toBe('Choose the class session the student is enrolled in: this course is taught in sessions.');
    expect((await cash(s.userId, courseId, 100)).json().message).toBe('Choose the class session the student is enrolled in: this course is taught in sessions.');
    const plain = await program(env.t.app, 800);
    expect((await post('/api/admin/ledger/enrollments', { userId: s.userId, programId: plain })).json().message)
      .toBe('This course or program has no class sessions: record a payment or grant a credit to open it to the student.');
  });
});
