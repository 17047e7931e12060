import { randomUUID } from 'node:crypto';
import { approve, captureCount } from '../helpers/paypal';
import { checkPayment, paymentsEnvPerFile, program } from '../helpers/payments';
import { day, makeStudent, openSession } from '../helpers/students';
import { bearer } from '../helpers/tokens';

/**
 * Issue 30, decision 052: an organization is invoiced for several students' seats. Issuing enrolls every student or
 * none; the students owe nothing for the seat; the invoice is paid once (offline, or through its PayPal link, even
 * with two captures at once); a void withdraws the credits and releases the seats; revenue counts the money once.
 */
const env = paymentsEnvPerFile();

const student = () => makeStudent(env.t.app, 'inv');
const admin = () => bearer(env.ids.admin.token);
const post = (url: string, payload: object, headers: Record<string, string> = admin()) => env.t.app.inject({ method: 'POST', url, headers, payload });
const get = (url: string, headers: Record<string, string> = {}) => env.t.app.inject({ method: 'GET', url, headers });

const session = (programId: string, seats: number) => openSession(env.t.app, env.ids.admin.token, programId, { seats });

const invoiceBody = (lines: object[], over: Record<string, unknown> = {}) => ({
  organization: { name: 'Acme Logistics', address: '12 Harbor Road, Springfield' },
  contact: { name: 'Dana Reyes', email: 'dana@acme.test' },
  dueOn: day(30),
  lines,
  ...over,
});
const issue = (lines: object[], over: Record<string, unknown> = {}) => post('/api/admin/invoices', invoiceBody(lines, over));
const codeOf = (payUrl: string) => /\/invoices\/([A-Z0-9]+)\/pay$/.exec(payUrl)![1]!;
const seatStatus = async (userId: string, sessionId: string) =>
  (await env.t.app.db.query<{ status: string }>('SELECT status FROM enrollments WHERE user_id = $1 AND session_id = $2 ORDER BY created_at DESC LIMIT 1',
    [userId, sessionId]))[0]?.status ?? null;
const revenue = async () =>
  (await get(`/api/admin/stats?from=${day(0)}&to=${day(0)}`, admin())).json().revenueByMonth.reduce((sum: number, m: { revenue: number }) => sum + m.revenue, 0);

describe('issuing an invoice', () => {
  it('enrolls every student, prices each seat on the server, numbers the invoice and emails its link; the students owe nothing', async () => {
    const courseId = await program(env.t.app, 1200);
    const sessionId = await session(courseId, 5);
    const [a, b] = [await student(), await student()];
    const res = await issue([{ userId: a.userId, programId: courseId, sessionId }, { userId: b.userId, programId: courseId, sessionId }]);
    expect(res.statusCode).toBe(201);
    const { message, invoice } = res.json();
    expect(invoice.number).toMatch(/^INV-\d{4}-\d{4}$/);
    expect(message).toBe(`Invoice ${invoice.number} issued for $2,400 and emailed to dana@acme.test.`);
    expect(invoice).toMatchObject({
      status: 'open', total: 2400, currency: 'USD', dueOn: day(30), paid: null, voided: null,
      organization: { name: 'Acme Logistics', address: '12 Harbor Road, Springfield' }, contact: { name: 'Dana Reyes', email: 'dana@acme.test' },
      lines: [{ student: a.username, amount: 1200, sessionStartsOn: day(20) }, { student: b.username, amount: 1200 }],
    });
    expect(invoice.payUrl).toMatch(/^http:\/\/site\.test\/invoices\/[A-Z2-9]{24}\/pay$/);
    expect(await seatStatus(a.userId, sessionId)).toBe('enrolled');
    expect(await seatStatus(b.userId, sessionId)).toBe('enrolled');
    expect(await checkPayment(env.t.app, a.token, courseId)).toEqual({ hasPaid: true, amountPaid: 0, dueAmount: 0 });
    const [mail] = await env.t.app.db.query<{ kind: string; toEmail: string }>(
      'SELECT kind, to_email AS "toEmail" FROM email_outbox WHERE dedupe_key = $1', [`invoice:${invoice.id}`]);
    expect(mail).toEqual({ kind: 'invoice', toEmail: 'dana@acme.test' });
    // The public page reads it by its code, without an account; a guessed code is a 404.
    const publicView = await get(`/api/invoices/${codeOf(invoice.payUrl)}`);
    expect(publicView.statusCode).toBe(200);
    expect(publicView.json()).toMatchObject({ number: invoice.number, total: 2400, status: 'open' });
    expect(publicView.json().payUrl).toBeUndefined();
    expect((await get('/api/invoices/AAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
  });

  it('takes every seat or none: a full session leaves no invoice, no seat and no credit behind', async () => {
    const courseId = await program(env.t.app, 800);
    const sessionId = await session(courseId, 1);
    const [a, b] = [await student(), await student()];
    const before = (await env.t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM invoices'))[0]!.n;
    const res = await issue([{ userId: a.userId, programId: courseId, sessionId }, { userId: b.userId, programId: courseId, sessionId }]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Conflict', message: `${b.username}: This session is full.` });
    expect((await env.t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM invoices'))[0]!.n).toBe(before);
    expect(await seatStatus(a.userId, sessionId)).toBeNull();
    expect(await checkPayment(env.t.app, a.token, courseId)).toEqual({ hasPaid: false, amountPaid: 0, dueAmount: 800 });
  });

  it('refuses a student twice, an unknown student, a bad email and a past due date, recording nothing', async () => {
    const courseId = await program(env.t.app, 600);
    const sessionId = await session(courseId, 5);
    const a = await student();
    const line = { userId: a.userId, programId: courseId, sessionId };
    const twice = await issue([line, line]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(`${a.username} is on this invoice twice. Each student takes one seat per invoice.`);
    expect((await issue([{ ...line, userId: randomUUID() }])).json()).toEqual({ error: 'Not Found', message: 'Line 1: Student not found.' });
    expect((await issue([line], { contact: { name: 'Dana', email: 'nope' } })).json().message).toBe("Enter the contact's email address, like name@example.com.");
    expect((await issue([line], { dueOn: day(-1) })).json().message).toBe('The due date cannot be in the past.');
    expect((await issue([line], { lines: [] })).statusCode).toBe(400);
    expect(await seatStatus(a.userId, sessionId)).toBeNull();
    expect((await post('/api/admin/invoices', invoiceBody([line]), bearer(a.token))).statusCode).toBe(403);
  });
});

describe('paying an invoice', () => {
  async function openInvoice(price = 1000) {
    const courseId = await program(env.t.app, price);
    const sessionId = await session(courseId, 5);
    const [a, b] = [await student(), await student()];
    const res = await issue([{ userId: a.userId, programId: courseId, sessionId }, { userId: b.userId, programId: courseId, sessionId }]);
    expect(res.statusCode).toBe(201);
    const invoice = res.json().invoice;
    return { invoice, code: codeOf(invoice.payUrl), a, b, courseId, sessionId };
  }
  const order = (code: string, amount: number) => post(`/api/invoices/${code}/order`, { amount }, {});
  const capture = (code: string, orderID: string) => post(`/api/invoices/${code}/capture`, { orderID }, {});

  it('takes exactly the total through the link, once under two concurrent captures, and counts it once in revenue', async () => {
    const { invoice, code, a, b, sessionId } = await openInvoice(1000);
    const tampered = await order(code, 1);
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().message).toBe("The amount must be the invoice's total, $2,000. Nothing was charged.");

    const before = await revenue();
    const created = await order(code, 2000);
    expect(created.statusCode).toBe(201);
    const { orderID, approvalUrl } = created.json();
    expect(approvalUrl).toContain(orderID);
    await approve(env.sandbox, orderID);
    const [x, y] = await Promise.all([capture(code, orderID), capture(code, orderID)]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    expect(x.json()).toMatchObject({ status: 'paid', paid: { via: 'paypal' } });
    expect(await captureCount(env.sandbox, orderID)).toBe(1);
    expect(await revenue()).toBe(before + 2000);
    expect(await seatStatus(a.userId, sessionId)).toBe('paid_in_full');
    expect(await seatStatus(b.userId, sessionId)).toBe('paid_in_full');
    // Again (a reload): the same answer, nothing more; a new order or an offline record is refused.
    expect((await capture(code, orderID)).json().status).toBe('paid');
    expect((await order(code, 2000)).json()).toEqual({ error: 'Conflict', message: 'This invoice is already paid. Nothing was charged.' });
    expect((await post(`/api/admin/invoices/${invoice.id}/payments`, { amount: 2000, method: 'check', paidOn: day(0) })).statusCode).toBe(409);
    expect((await post(`/api/admin/invoices/${invoice.id}/void`, { reason: 'Too late' })).json().message)
      .toBe('A paid invoice cannot be voided: refund the organization instead.');
    expect(await revenue()).toBe(before + 2000);
  });

  it('captures one of two approved orders of the same invoice at once; the other takes no money', async () => {
    const { code } = await openInvoice(700);
    const first = (await order(code, 1400)).json().orderID as string;
    const second = (await order(code, 1400)).json().orderID as string;
    await approve(env.sandbox, first);
    await approve(env.sandbox, second);
    const answers = await Promise.all([capture(code, first), capture(code, second)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await captureCount(env.sandbox, first)) + (await captureCount(env.sandbox, second))).toBe(1);
    expect((await get(`/api/invoices/${code}`)).json().status).toBe('paid');
  });

  it('records an offline payment of the whole total only, and an order of another invoice is not this one', async () => {
    const { invoice, a, sessionId } = await openInvoice(500);
    const other = await openInvoice(500);
    const part = await post(`/api/admin/invoices/${invoice.id}/payments`, { amount: 500, method: 'check', paidOn: day(0) });
    expect(part.json().message).toBe("Record the invoice's total, $1,000: an invoice is paid whole.");
    const paid = await post(`/api/admin/invoices/${invoice.id}/payments`, { amount: 1000, method: 'check', reference: 'Check 2231', paidOn: day(0) });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      message: `Invoice ${invoice.number} is paid: $1,000 recorded.`,
      invoice: { status: 'paid', paid: { via: 'offline', method: 'check', reference: 'Check 2231', paidOn: day(0) } },
    });
    expect(await seatStatus(a.userId, sessionId)).toBe('paid_in_full');
    const foreign = (await order(other.code, 1000)).json().orderID as string;
    expect((await capture(codeOf(invoice.payUrl), foreign)).statusCode).toBe(404);
  });
});

describe('voiding an invoice', () => {
  it('withdraws the credits and releases the seats, once; a void invoice cannot be paid', async () => {
    const courseId = await program(env.t.app, 900);
    const sessionId = await session(courseId, 2);
    const [a, b] = [await student(), await student()];
    const { invoice } = (await issue([{ userId: a.userId, programId: courseId, sessionId }, { userId: b.userId, programId: courseId, sessionId }])).json();
    const voided = await post(`/api/admin/invoices/${invoice.id}/void`, { reason: 'The employer cancelled' });
    expect(voided.statusCode).toBe(200);
    expect(voided.json()).toMatchObject({
      message: `Invoice ${invoice.number} is void. Its credits are withdrawn and the seats it gave are released.`,
      invoice: { status: 'void', voided: { reason: 'The employer cancelled' } },
    });
    expect(await seatStatus(a.userId, sessionId)).toBe('withdrawn');
    expect(await checkPayment(env.t.app, a.token, courseId)).toEqual({ hasPaid: false, amountPaid: 0, dueAmount: 900 });
    const again = await post(`/api/admin/invoices/${invoice.id}/void`, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`This invoice was already voided on ${day(0)}.`);
    const code = codeOf(invoice.payUrl);
    expect((await post(`/api/invoices/${code}/order`, { amount: 1800 }, {})).json().message)
      .toBe(`This invoice was voided on ${day(0)} and cannot be paid. Nothing was charged.`);
    // Both seats are free again: a new invoice for two more students fits.
    const [c, d] = [await student(), await student()];
    expect((await issue([{ userId: c.userId, programId: courseId, sessionId }, { userId: d.userId, programId: courseId, sessionId }])).statusCode).toBe(201);
  });
});
