import { renderEmail } from '../../src/email/messages';
import { SEAT_TEXT } from '../../src/payments/seats';
import { OFFER_HOURS } from '../../src/repositories/waitlist';
import { SITE_URL } from '../helpers/app';
import { captureOrder, paymentsEnv, program, type PaymentsEnv } from '../helpers/payments';
import { approve } from '../helpers/paypal';
import { day } from '../helpers/students';
import { bearer } from '../helpers/tokens';

/**
 * Issue 29: a freed seat is offered to the first student waiting (held for them for OFFER_HOURS, emailed through the
 * outbox with a link to pay), then to the next when the offer lapses or is declined; one offer per freed seat, even
 * when seats free at once.
 */
let env: PaymentsEnv;
beforeAll(async () => {
  env = await paymentsEnv();
}, 120_000);
afterAll(() => env.close());

let counter = 0;
const admin = () => bearer(env.ids.admin.token);

async function session(programId: string, seats: number) {
  const res = await env.t.app.inject({
    method: 'POST', url: '/api/sessions', headers: admin(),
    payload: { courseId: programId, startsOn: day(20), endsOn: day(80), schedule: 'Tue/Thu 6-9 pm', mode: 'online', seats, enrollmentDeadline: day(18) },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

async function student() {
  const n = `${Date.now().toString(36)}${(counter += 1)}`;
  const email = `offer${n}@x.test`;
  const userId = await env.t.app.repos.users.create({ email, username: `offer${n}`, passwordHash: 'x', role: 'user' });
  return { userId, email, token: env.t.app.signToken({ id: userId, username: `offer${n}`, email, role: 'user' }, 0) };
}

/** A seated student, as a capture leaves one; returns the enrollment. */
async function seated(sessionId: string) {
  const who = await student();
  const [row] = await env.t.app.db.query<{ id: string }>(
    `INSERT INTO enrollments (id, session_id, user_id, program_title, status) VALUES (gen_random_uuid(), $1, $2, 'Course', 'enrolled') RETURNING id`,
    [sessionId, who.userId]);
  return { ...who, enrollmentId: row!.id };
}

async function waiting(sessionId: string, n: number) {
  const students = [];
  for (let i = 0; i < n; i += 1) {
    const s = await student();
    expect((await env.t.app.inject({ method: 'POST', url: `/api/sessions/${sessionId}/waitlist`, headers: bearer(s.token) })).statusCode).toBe(201);
    students.push(s);
  }
  return students;
}

const list = async (sessionId: string) =>
  (await env.t.app.inject({ method: 'GET', url: `/api/sessions/${sessionId}/waitlist`, headers: admin() })).json() as
    { user: { id: string }; status: string; offerExpiresAt: string | null }[];
const offered = async (sessionId: string) => (await list(sessionId)).filter((e) => e.status === 'offered').map((e) => e.user.id);
const offerEmails = (to: string[]) => env.t.app.db.query<{ toEmail: string; id: string }>(
  `SELECT id, to_email AS "toEmail" FROM email_outbox WHERE kind = 'waitlist-offer' AND to_email = ANY($1::text[])`, [to]);
const withdraw = (enrollmentId: string) => env.t.app.inject({ method: 'POST', url: `/api/enrollments/${enrollmentId}/withdraw`, headers: admin() });
const order = (token: string, programId: string, amount: number, sessionId: string) =>
  env.t.app.inject({ method: 'POST', url: `/api/payments/create-order/${programId}`, headers: bearer(token), payload: { amount, sessionId } });

it('a withdrawal offers the seat to the first in line, who alone can pay for it, with an email that links to its course page', async () => {
  const courseId = await program(env.t.app, 600);
  const sessionId = await session(courseId, 1);
  const holder = await seated(sessionId);
  const [first, second] = await waiting(sessionId, 2);

  expect((await withdraw(holder.enrollmentId)).statusCode).toBe(200);
  const entries = await list(sessionId);
  expect(entries.map((e) => [e.user.id, e.status])).toEqual([[first!.userId, 'offered'], [second!.userId, 'waiting']]);
  const hours = (Date.parse(entries[0]!.offerExpiresAt!) - Date.now()) / 3_600_000;
  expect(hours).toBeGreaterThan(OFFER_HOURS - 0.1);
  expect(hours).toBeLessThanOrEqual(OFFER_HOURS);
  expect((await env.t.app.inject({ method: 'GET', url: `/api/sessions/${sessionId}` })).json()).toMatchObject({ seatsLeft: 0 });

  // The email: once, to the first in line, linking to the course's page with the session named.
  const emails = await offerEmails([first!.email, second!.email]);
  expect(emails.map((e) => e.toEmail)).toEqual([first!.email]);
  const [row] = await env.t.app.repos.emailOutbox.byId(emails[0]!.id);
  const rendered = await renderEmail(row!, env.t.config, env.t.app.repos.payments);
  expect(rendered!.params).toMatchObject({
    subject: expect.stringContaining('A seat is free for you'),
    link_url: `${SITE_URL}/courses/${courseId}?session=${sessionId}`,
    link_text: 'Pay for your seat',
  });

  // The student sees the offer; someone else cannot take the held seat; the offered student pays for it.
  const mine = (await env.t.app.inject({ method: 'GET', url: '/api/waitlist/mine', headers: bearer(first!.token) })).json();
  expect(mine).toEqual([expect.objectContaining({ sessionId, programId: courseId, kind: 'course', status: 'offered', position: 1, offerExpiresAt: entries[0]!.offerExpiresAt })]);
  const other = await student();
  const refused = await order(other.token, courseId, 600, sessionId);
  expect({ status: refused.statusCode, message: refused.json().message }).toEqual({ status: 409, message: SEAT_TEXT.refusals.full });
  const created = await order(first!.token, courseId, 600, sessionId);
  expect(created.statusCode).toBe(201);
  await approve(env.sandbox, created.json().orderID);
  expect((await captureOrder(env.t.app, first!.token, created.json().orderID, courseId)).statusCode).toBe(200);
  expect((await list(sessionId)).map((e) => [e.user.id, e.status])).toEqual([[second!.userId, 'waiting']]);
  expect((await env.t.app.inject({ method: 'GET', url: '/api/waitlist/mine', headers: bearer(first!.token) })).json()).toEqual([]);
});

it('a lapsed offer goes to the next in line on the background pass; a declined one at once', async () => {
  const courseId = await program(env.t.app, 300);
  const sessionId = await session(courseId, 1);
  const holder = await seated(sessionId);
  const [a, b, c] = await waiting(sessionId, 3);
  await withdraw(holder.enrollmentId);
  expect(await offered(sessionId)).toEqual([a!.userId]);

  await env.t.app.db.query(`UPDATE waitlist_entries SET offer_expires_at = now() - interval '1 second' WHERE session_id = $1 AND status = 'offered'`, [sessionId]);
  expect(await env.t.app.waitlistOffers.tick()).toBeGreaterThanOrEqual(1);
  expect(await offered(sessionId)).toEqual([b!.userId]);
  expect((await list(sessionId)).map((e) => e.user.id)).toEqual([b!.userId, c!.userId]);

  const declined = await env.t.app.inject({ method: 'DELETE', url: `/api/sessions/${sessionId}/waitlist`, headers: bearer(b!.token) });
  expect(declined.statusCode).toBe(200);
  expect(await offered(sessionId)).toEqual([c!.userId]);
  expect((await offerEmails([a!.email, b!.email, c!.email])).length).toBe(3);
});

it('offers seats freed by an expired hold, a cancelled payment and more seats, and none while the session is full', async () => {
  const courseId = await program(env.t.app, 200);
  const sessionId = await session(courseId, 1);
  const payer = await student();
  const created = await order(payer.token, courseId, 200, sessionId);
  expect(created.statusCode).toBe(201);
  const [a, b, c] = await waiting(sessionId, 3);
  expect(await env.t.app.waitlistOffers.tick()).toBe(0);
  expect(await offered(sessionId)).toEqual([]);

  // The payer cancels at PayPal: the seat is offered at once.
  expect((await env.t.app.inject({ method: 'POST', url: `/api/payment/cancel/${created.json().orderID}`, headers: bearer(payer.token) })).statusCode).toBe(200);
  expect(await offered(sessionId)).toEqual([a!.userId]);

  // The offered student opens a payment and leaves it: once both the hold and the offer have run out, the next.
  expect((await order(a!.token, courseId, 200, sessionId)).statusCode).toBe(201);
  await env.t.app.db.query(`UPDATE enrollments SET hold_expires_at = now() - interval '1 second' WHERE session_id = $1 AND status = 'pending'`, [sessionId]);
  await env.t.app.db.query(`UPDATE waitlist_entries SET offer_expires_at = now() - interval '1 second' WHERE session_id = $1 AND status = 'offered'`, [sessionId]);
  await env.t.app.waitlistOffers.tick();
  expect(await offered(sessionId)).toEqual([b!.userId]);

  // Two more seats: one more offer (the last student waiting), not two.
  const raised = await env.t.app.inject({ method: 'PUT', url: `/api/sessions/${sessionId}`, headers: admin(), payload: {
    courseId, startsOn: day(20), endsOn: day(80), schedule: 'Tue/Thu 6-9 pm', mode: 'online', seats: 3, enrollmentDeadline: day(18) } });
  expect(raised.statusCode).toBe(200);
  expect(await offered(sessionId)).toEqual([b!.userId, c!.userId]);
  expect(raised.json()).toMatchObject({ seatsTaken: 2, seatsLeft: 1 });
});

it('seats freed at the same moment make exactly one offer each, whoever runs the offering', async () => {
  const courseId = await program(env.t.app, 500);
  const sessionId = await session(courseId, 3);
  const holders = [await seated(sessionId), await seated(sessionId), await seated(sessionId)];
  const queue = await waiting(sessionId, 6);
  await Promise.all([
    ...holders.slice(0, 2).map((h) => withdraw(h.enrollmentId)),
    env.t.app.waitlistOffers.tick(),
    env.t.app.repos.waitlist.offerFreedSeats(sessionId),
    env.t.app.repos.waitlist.offerFreedSeats(sessionId),
  ]);
  await env.t.app.waitlistOffers.tick();
  expect(await offered(sessionId)).toEqual([queue[0]!.userId, queue[1]!.userId]);
  expect((await offerEmails(queue.map((q) => q.email))).length).toBe(2);
  expect((await env.t.app.inject({ method: 'GET', url: `/api/sessions/${sessionId}` })).json()).toMatchObject({ seatsTaken: 3, seatsLeft: 0 });
});
