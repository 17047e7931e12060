import type { InjectOptions } from 'fastify';
import { renderEmail } from '../../src/email/messages';
import { captureOrder, paymentsEnvPerFile, program } from '../helpers/payments';
import { approve } from '../helpers/paypal';
import { day, openSession, unique } from '../helpers/students';
import { bearer, login, signJwt } from '../helpers/tokens';

/** Issue 31, decision 048: a student's own data export, and an erasure the admin approves or declines. */
const env = paymentsEnvPerFile();

const PASSWORD = 'Privacy walk 2026!';
const inject = (options: InjectOptions) => env.t.app.inject(options);
const admin = () => bearer(env.ids.admin.token);
const db = () => env.t.app.db;

async function student() {
  const n = unique();
  const email = `Priv${n}@x.test`;
  const passwordHash = await env.t.app.passwords.hash(PASSWORD);
  const userId = await env.t.app.repos.users.create({ email, username: `priv${n}`, passwordHash, role: 'user' });
  const { token } = await login(env.t.app, email, PASSWORD);
  return { userId, email, username: `priv${n}`, token };
}

const session = (courseId: string) => openSession(env.t.app, env.ids.admin.token, courseId, { startsIn: 10, seats: 10, schedule: 'Tue/Thu 6-9 pm' });

/** A student with everything an export holds: contact details, a paid and completed course, an inquiry, a note. */
async function fullStudent() {
  const s = await student();
  await inject({ method: 'PUT', url: `/api/users/${s.userId}/contact`, headers: bearer(s.token), payload: { legalName: 'Ana Lúcia Prado', phone: '(212) 555-0144' } });
  const courseId = await program(env.t.app, 900);
  const sessionId = await session(courseId);
  const created = await inject({ method: 'POST', url: `/api/payments/create-order/${courseId}`, headers: bearer(s.token), payload: { amount: 900, sessionId } });
  expect(created.statusCode).toBe(201);
  await approve(env.sandbox, created.json().orderID);
  expect((await captureOrder(env.t.app, s.token, created.json().orderID, courseId)).statusCode).toBe(200);
  const enrollmentId = (await inject({ method: 'GET', url: '/api/enrollments/mine', headers: bearer(s.token) })).json()[0].id as string;
  expect((await inject({ method: 'POST', url: `/api/enrollments/${enrollmentId}/complete`, headers: admin() })).statusCode).toBe(201);
  await db().query(
    "INSERT INTO inquiries (id, kind, name, email, phone, message) VALUES (gen_random_uuid(), 'contact', 'Ana Prado', lower($1), '2125550144', 'Evening classes?')",
    [s.email]);
  const planId = crypto.randomUUID();
  await db().query("INSERT INTO plan_schedules (id, user_id, program_id, plan_name, total_cents) VALUES ($1, $2, $3, 'Three months', 90000)",
    [planId, s.userId, courseId]);
  await db().query("INSERT INTO plan_instalments (schedule_id, seq, due_on, amount_cents) VALUES ($1, 0, current_date, 30000), ($1, 1, current_date + 30, 60000)", [planId]);
  // An employer's invoice with a line for this student (decision 052's tables, as its API writes them).
  const adjustmentId = crypto.randomUUID();
  const invoiceId = crypto.randomUUID();
  await db().query(
    `INSERT INTO balance_adjustments (id, user_id, program_id, program_title, kind, amount_cents, reason)
     VALUES ($1, $2, $3, 'Invoiced course', 'employer_invoice', 10000, 'Billed to Acme')`, [adjustmentId, s.userId, courseId]);
  await db().query(
    `INSERT INTO invoices (id, number, pay_code, organization_name, organization_address, contact_name, contact_email, total_cents, due_on)
     VALUES ($1, $2, $3, 'Acme Corp', '1 Main St', 'Pat Lee', 'pat@acme.test', 10000, current_date + 30)`,
    [invoiceId, `I-${s.username}`, `PAY${s.username}`]);
  await db().query(
    `INSERT INTO invoice_lines (id, invoice_id, position, user_id, student_name, program_id, program_title, seat_taken, adjustment_id, amount_cents)
     VALUES (gen_random_uuid(), $1, 1, $2, 'Ana Lúcia Prado', $3, 'Invoiced course', false, $4, 10000)`, [invoiceId, s.userId, courseId, adjustmentId]);
  const slotId = crypto.randomUUID();
  await db().query(
    `INSERT INTO advising_slots (id, starts_at, local_date, local_time, time_zone, minutes, advisor)
     VALUES ($1, now() + interval '3 days', current_date + 3, '10:00', 'America/New_York', 30, 'Dana')`, [slotId]);
  await db().query("INSERT INTO advising_bookings (id, slot_id, name, email, phone, topic) VALUES (gen_random_uuid(), $1, 'Ana Prado', $2, '2125550144', 'Financing')",
    [slotId, s.email]);
  await inject({ method: 'POST', url: `/api/students/${s.userId}/notes`, headers: admin(), payload: { body: 'Asked about evening classes.' } });
  const [payment] = await db().query<{ id: string; receiptNumber: string }>(
    'SELECT id, receipt_number AS "receiptNumber" FROM payments WHERE user_id = $1', [s.userId]);
  return { ...s, courseId, payment: payment! };
}

const exportOf = (userId: string, token: string, format = 'json') =>
  inject({ method: 'GET', url: `/api/users/${userId}/data-export?format=${format}`, headers: bearer(token) });
const ask = (userId: string, token: string, password = PASSWORD) =>
  inject({ method: 'POST', url: `/api/users/${userId}/erasure-request`, headers: bearer(token), payload: { password } });
const decide = (requestId: string, verb: 'approve' | 'decline', payload: object = {}) =>
  inject({ method: 'POST', url: `/api/admin/erasure-requests/${requestId}/${verb}`, headers: admin(), payload });

describe('data export', () => {
  it("gives the student every kind of their own record, as JSON and CSV, and logs each download", async () => {
    const s = await fullStudent();
    const json = await inject({ method: 'GET', url: `/api/users/${s.userId}/data-export?format=json`, headers: { ...bearer(s.token), origin: 'http://localhost:3000' } });
    expect(json.statusCode).toBe(200);
    // The site is another origin: it may read the file name only if the header is exposed.
    expect(json.headers['access-control-expose-headers']).toMatch(/Content-Disposition/);
    expect(json.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = json.json();
    expect(data.account).toMatchObject({ id: s.userId, email: s.email, legalName: 'Ana Lúcia Prado', phone: '+12125550144' });
    expect(data.account).not.toHaveProperty('passwordHash');
    const { sections } = data;
    expect(sections.payments).toEqual([expect.objectContaining({ id: s.payment.id, amount: 900, status: 'COMPLETED', receiptNumber: s.payment.receiptNumber })]);
    expect(sections.receipts).toEqual([expect.objectContaining({ number: s.payment.receiptNumber, amount: 900, currency: 'USD' })]);
    expect(sections.enrollments).toEqual([expect.objectContaining({ status: 'completed', sessionStartsOn: day(10) })]);
    expect(sections.certificates).toEqual([expect.objectContaining({ studentName: 'Ana Lúcia Prado', status: 'valid' })]);
    expect(sections.inquiries).toEqual([expect.objectContaining({ message: 'Evening classes?' })]);
    expect(sections.paymentPlans).toEqual([expect.objectContaining({ plan: 'Three months', total: 900 })]);
    expect(sections.instalments.map((i: { number: number; amount: number }) => [i.number, i.amount])).toEqual([[0, 300], [1, 600]]);
    expect(sections.employerInvoices).toEqual([expect.objectContaining({ organization: 'Acme Corp', amount: 100, status: 'open' })]);
    expect(sections.advisingBookings).toEqual([expect.objectContaining({ name: 'Ana Prado', topic: 'Financing', cancelledAt: null })]);
    expect(sections.notes).toEqual([expect.objectContaining({ body: 'Asked about evening classes.' })]);
    expect(sections.emails.map((e: { kind: string }) => e.kind).sort()).toEqual(['certificate', 'receipt']);

    const csv = await exportOf(s.userId, s.token, 'csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('"section","row","field","value"');
    expect(lines).toContain(`"account","1","email","${s.email}"`);
    expect(lines).toContain('"account","1","legalName","Ana Lúcia Prado"');
    expect(lines).toContain(`"receipts","1","number","${s.payment.receiptNumber}"`);
    expect(lines).toContain('"receipts","1","amount","900"');
    // A phone number starting with + is a formula to a spreadsheet: neutralised.
    expect(lines).toContain('"account","1","phone","\'+12125550144"');

    const log = await db().query<{ action: string; actorId: string }>(
      'SELECT action, actor_id AS "actorId" FROM privacy_log WHERE subject_id = $1 ORDER BY created_at', [s.userId]);
    expect(log).toEqual([{ action: 'export-json', actorId: s.userId }, { action: 'export-csv', actorId: s.userId }]);
  });

  it("refuses another's id (even to an admin), a forged token and an unknown format, and nothing is logged", async () => {
    const s = await student();
    const other = await student();
    expect((await exportOf(other.userId, s.token)).statusCode).toBe(403);
    expect((await exportOf(s.userId, env.ids.admin.token)).json()).toEqual({ error: 'Forbidden', message: 'You can only export or erase your own data.' });
    const forged = signJwt({ id: s.userId, username: s.username, email: s.email, role: 'user', jti: crypto.randomUUID(), ver: 0 }, 'a-different-secret-of-sufficient-length-0000');
    expect((await exportOf(s.userId, forged)).statusCode).toBe(401);
    expect((await exportOf(s.userId, s.token, 'xml')).statusCode).toBe(400);
    const [{ n }] = (await db().query<{ n: number }>('SELECT count(*)::int AS n FROM privacy_log WHERE subject_id = $1', [s.userId])) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('is rate limited per student: the eleventh download in an hour is a 429 with Retry-After', async () => {
    const s = await student();
    for (let i = 0; i < 10; i += 1) expect((await exportOf(s.userId, s.token)).statusCode).toBe(200);
    const refused = await exportOf(s.userId, s.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many exports\. Please try again in /);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await exportOf((await student()).userId, (await student()).token)).statusCode).toBe(403);
  });
});

describe('erasure', () => {
  it('asks with the password, once while open; an admin account cannot ask', async () => {
    const s = await student();
    const wrong = await ask(s.userId, s.token, 'not my password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Your password is not correct.');
    const first = await ask(s.userId, s.token);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ status: 'pending', user: { id: s.userId }, decidedAt: null });
    const second = await ask(s.userId, s.token);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('You already asked for your data to be erased. The institute will answer by email.');
    const mine = await inject({ method: 'GET', url: `/api/users/${s.userId}/erasure-request`, headers: bearer(s.token) });
    expect(mine.json().request).toMatchObject({ id: first.json().id, status: 'pending' });
    expect((await ask(s.userId, (await student()).token)).statusCode).toBe(403);
    const adminAsks = await ask(env.ids.admin.userId, env.ids.admin.token, 'Admin#2026!');
    expect(adminAsks.statusCode).toBe(409);
    expect((await inject({ method: 'GET', url: '/api/admin/erasure-requests', headers: admin() })).json())
      .toEqual(expect.arrayContaining([expect.objectContaining({ id: first.json().id, status: 'pending' })]));
  });

  it('approved once under two concurrent approvals: personal data gone, money and receipts kept under the erased name', async () => {
    const s = await fullStudent();
    const before = await db().query('SELECT id, amount_cents, refunded_cents, status, receipt_number, paypal_order_id FROM payments WHERE user_id = $1', [s.userId]);
    const request = (await ask(s.userId, s.token)).json();
    const results = await Promise.all([decide(request.id, 'approve'), decide(request.id, 'approve')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(refused.json().message).toMatch(/^This request was already approved on \d{4}-\d{2}-\d{2}\.$/);
    const name = `Erased student #${request.number}`;
    expect(results.find((r) => r.statusCode === 200)!.json()).toMatchObject({ status: 'approved', user: { username: name }, decidedBy: { id: env.ids.admin.userId } });

    const [user] = await db().query<Record<string, unknown>>('SELECT username, email, legal_name, phone, erased_at FROM users WHERE id = $1', [s.userId]);
    expect(user).toMatchObject({ username: name, email: `erased-${request.number}@erased.invalid`, legal_name: null, phone: null });
    expect(user!.erased_at).not.toBeNull();
    const count = async (sql: string, params: unknown[]) => ((await db().query<{ n: number }>(sql, params))[0]!).n;
    expect(await count('SELECT count(*)::int AS n FROM inquiries WHERE lower(email) = lower($1)', [s.email])).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM student_notes WHERE user_id = $1', [s.userId])).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM advising_bookings WHERE lower(email) = lower($1)', [s.email])).toBe(0);
    const mail = await db().query<{ kind: string }>('SELECT kind FROM email_outbox WHERE lower(to_email) = lower($1)', [s.email]);
    expect(mail).toEqual([{ kind: 'erasure-approved' }]);
    const [certificate] = await db().query<Record<string, unknown>>('SELECT student_name, revoked_at, revoke_reason FROM certificates WHERE user_id = $1', [s.userId]);
    expect(certificate).toMatchObject({ student_name: name, revoke_reason: "Erased at the student's request." });

    // Financial records: every row and amount as before; the receipt shows the replaced name.
    expect(await db().query('SELECT id, amount_cents, refunded_cents, status, receipt_number, paypal_order_id FROM payments WHERE user_id = $1', [s.userId])).toEqual(before);
    const lines = await db().query<{ student_name: string; amount_cents: number }>('SELECT student_name, amount_cents FROM invoice_lines WHERE user_id = $1', [s.userId]);
    expect(lines).toEqual([{ student_name: name, amount_cents: 10000 }]);
    const receipt = await inject({ method: 'GET', url: `/api/receipts/${s.payment.id}`, headers: admin() });
    expect(receipt.statusCode).toBe(200);
    expect(JSON.stringify(receipt.json())).toContain(name);
    expect(JSON.stringify(receipt.json())).not.toContain('Ana');

    // Sign-in impossible: the old token, the old email and password, and a reset to the old email.
    expect((await exportOf(s.userId, s.token)).statusCode).toBe(401);
    expect((await inject({ method: 'POST', url: '/auth/login', payload: { email: s.email, password: PASSWORD } })).statusCode).toBe(401);
    await inject({ method: 'POST', url: '/auth/forgot-password', payload: { email: s.email } });
    expect(await count("SELECT count(*)::int AS n FROM email_outbox WHERE lower(to_email) = lower($1) AND kind = 'password-reset'", [s.email])).toBe(0);

    // The notice goes to the address once; then the row keeps only the placeholder.
    const [row] = await env.t.app.repos.emailOutbox.claimDue(50, 60_000).then((rows) => rows.filter((r) => r.kind === 'erasure-approved'));
    const rendered = (await renderEmail(row!, env.t.app.config, env.t.app.repos.payments))!;
    expect(rendered.params.to_email).toBe(s.email);
    expect(rendered.params.message).toContain(name);
    await env.t.app.repos.emailOutbox.markSent(row!.id, rendered.keep);
    expect(await count('SELECT count(*)::int AS n FROM email_outbox WHERE lower(to_email) = lower($1)', [s.email])).toBe(0);

    const log = await db().query<{ action: string }>('SELECT action FROM privacy_log WHERE subject_id = $1 ORDER BY created_at', [s.userId]);
    expect(log.map((l) => l.action)).toEqual(['erasure-requested', 'erasure-approved']);
  });

  it("refuses to erase an admin, a student who owes, and declines with a reason the student is emailed", async () => {
    const promoted = await student();
    const promotedRequest = (await ask(promoted.userId, promoted.token)).json();
    await db().query("UPDATE users SET role = 'admin' WHERE id = $1", [promoted.userId]);
    const adminRefused = await decide(promotedRequest.id, 'approve');
    expect(adminRefused.statusCode).toBe(409);
    expect(adminRefused.json().message).toBe('An admin account cannot be erased. Another admin must first make it a student account.');

    const owing = await student();
    const courseId = await program(env.t.app, 1200);
    const sessionId = await session(courseId);
    expect((await inject({ method: 'POST', url: '/api/admin/ledger/enrollments', headers: admin(), payload: { userId: owing.userId, programId: courseId, sessionId } })).statusCode).toBe(201);
    const owingRequest = (await ask(owing.userId, owing.token)).json();
    const owes = await decide(owingRequest.id, 'approve');
    expect(owes.statusCode).toBe(409);
    expect(owes.json().message).toBe('This student owes $1,200.00. Settle or adjust the balance, or withdraw the enrollment, before erasing the account.');
    const [kept] = await db().query<{ email: string; erased: boolean }>('SELECT email, erased_at IS NOT NULL AS erased FROM users WHERE id = $1', [owing.userId]);
    expect(kept).toEqual({ email: owing.email, erased: false });

    expect((await decide(owingRequest.id, 'decline', { reason: '  ' })).statusCode).toBe(400);
    const declined = await decide(owingRequest.id, 'decline', { reason: 'Your balance is still open.' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', decisionReason: 'Your balance is still open.' });
    expect((await decide(owingRequest.id, 'approve')).statusCode).toBe(409);
    const mail = await db().query<{ params: { reason: string } }>(
      "SELECT template_params AS params FROM email_outbox WHERE to_email = $1 AND kind = 'erasure-declined'", [owing.email]);
    expect(mail.map((m) => m.params.reason)).toEqual(['Your balance is still open.']);
    // Declined is closed: the student may ask again.
    expect((await ask(owing.userId, owing.token)).statusCode).toBe(201);
    expect((await decide(crypto.randomUUID(), 'approve')).statusCode).toBe(404);
    expect((await inject({ method: 'POST', url: `/api/admin/erasure-requests/${owingRequest.id}/approve`, headers: bearer(owing.token), payload: {} })).statusCode).toBe(403);
  });
});
