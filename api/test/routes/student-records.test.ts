import type { InjectOptions } from 'fastify';
import { captureOrder, paymentsEnv, program, type PaymentsEnv } from '../helpers/payments';
import { approve } from '../helpers/paypal';
import { day } from '../helpers/students';
import { bearer } from '../helpers/tokens';

/** Issue 31: the admin's page of one student gathers what exists, pages what grows, and appends notes. */
let env: PaymentsEnv;
beforeAll(async () => {
  env = await paymentsEnv();
}, 120_000);
afterAll(() => env.close());

const admin = () => bearer(env.ids.admin.token);
const inject = (options: InjectOptions) => env.t.app.inject(options);

it('shows contact details, enrollments with history, payments, balance, certificates, agreements, emails and notes', async () => {
  const app = env.t.app;
  const email = `rec${Date.now().toString(36)}@x.test`;
  const userId = await app.repos.users.create({ email, username: `rec${Date.now().toString(36)}`, passwordHash: 'x', role: 'user' });
  const token = app.signToken({ id: userId, username: 'rec', email, role: 'user' }, 0);
  await inject({ method: 'PUT', url: `/api/users/${userId}/contact`, headers: bearer(token), payload: { legalName: 'Grace Hopper', phone: '212 555 0182' } });
  const courseId = await program(app, 1000);
  const sessionId = (await inject({ method: 'POST', url: '/api/sessions', headers: admin(),
    payload: { courseId, startsOn: day(5), endsOn: day(40), schedule: 'Sat 9-1', mode: 'online', seats: null, enrollmentDeadline: day(3) } })).json().id;
  const version = (await app.repos.agreements.publish('Enrollment agreement', 'Refunds within 14 days.', env.ids.admin.userId)).version;
  await inject({ method: 'POST', url: '/api/agreement/accept', headers: bearer(token), payload: { version } });
  for (const amount of [600, 400]) {
    const created = await inject({ method: 'POST', url: `/api/payments/create-order/${courseId}`, headers: bearer(token), payload: { amount, sessionId } });
    await approve(env.sandbox, created.json().orderID);
    expect((await captureOrder(app, token, created.json().orderID, courseId)).statusCode).toBe(200);
  }
  const enrollmentId = (await inject({ method: 'GET', url: '/api/enrollments/mine', headers: bearer(token) })).json()[0].id;
  const certificate = (await inject({ method: 'POST', url: `/api/enrollments/${enrollmentId}/complete`, headers: admin() })).json().certificate;
  for (const body of ['Asked about the evening class.', 'Sent the syllabus.', '  Wants a payment plan.  ']) {
    expect((await inject({ method: 'POST', url: `/api/students/${userId}/notes`, headers: admin(), payload: { body } })).statusCode).toBe(201);
  }

  const res = await inject({ method: 'GET', url: `/api/students/${userId}`, headers: admin() });
  expect(res.statusCode).toBe(200);
  const record = res.json();
  expect(record.user).toMatchObject({ _id: userId, email, legalName: 'Grace Hopper', phone: '+12125550182' });
  expect(record.enrollments).toHaveLength(1);
  expect(record.enrollments[0].history.map((h: { status: string }) => h.status)).toEqual(['pending', 'enrolled', 'paid_in_full', 'completed']);
  expect(record.balance).toEqual({ paid: 1000, due: 0 });
  expect(record.payments.items.map((p: { amount: number }) => p.amount)).toEqual([400, 600]);
  expect(record.payments.items.every((p: { receiptNumber: string | null }) => /^\d{4}-\d{6}$/.test(p.receiptNumber ?? ''))).toBe(true);
  expect(record.certificates).toEqual([expect.objectContaining({ id: certificate.id, studentName: 'Grace Hopper' })]);
  expect(record.agreements).toEqual([{ version, title: 'Enrollment agreement', acceptedAt: expect.any(String) }]);
  expect(record.emails.items.map((e: { kind: string }) => e.kind).sort()).toEqual(['certificate', 'receipt', 'receipt']);
  expect(record.notes.items.map((n: { body: string }) => n.body)).toEqual(['Wants a payment plan.', 'Sent the syllabus.', 'Asked about the evening class.']);
  expect(record.notes.items[0].author).toEqual({ id: env.ids.admin.userId, username: expect.any(String) });
  expect(record.notes.next).toBeNull();

  // The receipt carries the legal name.
  const receipt = await inject({ method: 'GET', url: `/api/receipts/${record.payments.items[0].id}`, headers: bearer(token) });
  expect(receipt.json().student).toMatchObject({ legalName: 'Grace Hopper' });

  // Pages: two by two, newest first, no overlap, then the end.
  const first = (await inject({ method: 'GET', url: `/api/students/${userId}/notes?limit=2`, headers: admin() })).json();
  expect(first.items).toHaveLength(2);
  const second = (await inject({ method: 'GET', url: `/api/students/${userId}/notes?limit=2&before=${encodeURIComponent(first.next)}`, headers: admin() })).json();
  expect(second).toEqual({ items: [expect.objectContaining({ body: 'Asked about the evening class.' })], next: null });
  const bad = await inject({ method: 'GET', url: `/api/students/${userId}/notes?before=yesterday`, headers: admin() });
  expect(bad.json()).toEqual({ error: 'Bad Request', message: 'That page cursor is not one this list gave.' });
});

it('refuses an empty note and an unknown student, and keeps the student page from students', async () => {
  const student = env.ids.student;
  expect((await inject({ method: 'POST', url: `/api/students/${student.userId}/notes`, headers: admin(), payload: { body: '   ' } })).json())
    .toEqual({ error: 'Bad Request', message: 'Write the note (1 to 5,000 characters).' });
  expect((await inject({ method: 'GET', url: '/api/students/00000000-0000-4000-8000-000000000000', headers: admin() })).statusCode).toBe(404);
  expect((await inject({ method: 'GET', url: '/api/students/x', headers: admin() })).statusCode).toBe(404);
  expect((await inject({ method: 'GET', url: `/api/students/${student.userId}`, headers: bearer(student.token) })).statusCode).toBe(403);
  expect((await inject({ method: 'GET', url: `/api/students/${student.userId}/notes`, headers: admin() })).json().items).toEqual([]);
});
