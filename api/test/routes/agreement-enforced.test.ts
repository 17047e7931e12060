import { SEAT_TEXT } from '../../src/payments/seats';
import { captureOrder, paymentsEnv, program, type PaymentsEnv } from '../helpers/payments';
import { approve, clientOrder, sandboxOrders } from '../helpers/paypal';
import { day } from '../helpers/students';
import { bearer } from '../helpers/tokens';

/**
 * Issue 29: while an enrollment agreement is published, every payment path that seats a student asks for the
 * current version accepted by that student (422, nothing recorded, the seat given back); a balance payment on an
 * enrollment does not ask again; the receipt names the version accepted.
 */
let env: PaymentsEnv;
beforeAll(async () => {
  env = await paymentsEnv();
}, 120_000);
afterAll(() => env.close());

let counter = 0;

async function session(programId: string, seats = 3) {
  const res = await env.t.app.inject({
    method: 'POST', url: '/api/sessions', headers: bearer(env.ids.admin.token),
    payload: { courseId: programId, startsOn: day(20), endsOn: day(80), schedule: 'Mon/Wed 6-9 pm', mode: 'online', seats, enrollmentDeadline: day(18) },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

async function student() {
  const n = `${Date.now().toString(36)}${(counter += 1)}`;
  const userId = await env.t.app.repos.users.create({ email: `agree${n}@x.test`, username: `agree${n}`, passwordHash: 'x', role: 'user' });
  return { userId, token: env.t.app.signToken({ id: userId, username: `agree${n}`, email: `agree${n}@x.test`, role: 'user' }, 0) };
}

const publish = async (body: string) => {
  const res = await env.t.app.inject({ method: 'POST', url: '/api/agreement', headers: bearer(env.ids.admin.token), payload: { title: 'Enrollment agreement', body } });
  expect(res.statusCode).toBe(201);
  return res.json().version as number;
};
const accept = (token: string, version: number) =>
  env.t.app.inject({ method: 'POST', url: '/api/agreement/accept', headers: bearer(token), payload: { version } });
const order = (token: string, programId: string, amount: number, sessionId?: string) =>
  env.t.app.inject({ method: 'POST', url: `/api/payments/create-order/${programId}`, headers: bearer(token), payload: { amount, ...(sessionId ? { sessionId } : {}) } });
const seatsTaken = async (id: string) => (await env.t.app.inject({ method: 'GET', url: `/api/sessions/${id}` })).json().seatsTaken as number;
const enrollmentOf = async (userId: string, sessionId: string) => (await env.t.app.db.query<{ status: string; agreementVersion: number | null }>(
  `SELECT status, agreement_version AS "agreementVersion" FROM enrollments WHERE user_id = $1 AND session_id = $2 AND status <> 'withdrawn'`, [userId, sessionId]))[0];

it('refuses a new seat on every path until the current version is accepted, then seats with it on the receipt', async () => {
  const courseId = await program(env.t.app, 1000);
  const sessionId = await session(courseId);
  const version = await publish('Refunds in full until the start date.');
  const buyer = await student();
  const ordersBefore = (await sandboxOrders(env.sandbox)).length;
  const refusal = { error: 'Unprocessable Entity', message: SEAT_TEXT.agreement(version) };

  // Buttons, redirect, a session named or not, and the browser's hold: nothing is held, no PayPal order exists.
  for (const res of [
    await order(buyer.token, courseId, 500, sessionId),
    await order(buyer.token, courseId, 500),
    await env.t.app.inject({ method: 'POST', url: '/payment', headers: bearer(buyer.token), payload: { amount: 500, courseId, sessionId } }),
    await env.t.app.inject({ method: 'POST', url: `/api/sessions/${sessionId}/holds`, headers: bearer(buyer.token) }),
  ]) expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 422, body: refusal });
  expect((await sandboxOrders(env.sandbox)).length).toBe(ordersBefore);
  expect(await seatsTaken(sessionId)).toBe(0);
  expect(await enrollmentOf(buyer.userId, sessionId)).toBeUndefined();

  expect((await accept(buyer.token, version)).statusCode).toBe(200);
  const created = await order(buyer.token, courseId, 500, sessionId);
  expect(created.statusCode).toBe(201);
  await approve(env.sandbox, created.json().orderID);
  const captured = await captureOrder(env.t.app, buyer.token, created.json().orderID, courseId);
  expect(captured.statusCode).toBe(200);
  expect(await enrollmentOf(buyer.userId, sessionId)).toEqual({ status: 'enrolled', agreementVersion: version });

  const paymentId = (await env.t.app.repos.payments.byOrderId(created.json().orderID))!.id;
  const receipt = await env.t.app.inject({ method: 'GET', url: `/api/receipts/${paymentId}`, headers: bearer(buyer.token) });
  expect(receipt.json().agreement).toEqual({ version, acceptedAt: expect.any(String) });

  // A newer version does not stop the balance of a seat already taken.
  await publish('Refunds in full until 7 days before the start date.');
  const rest = await order(buyer.token, courseId, 500);
  expect(rest.statusCode).toBe(201);
  await approve(env.sandbox, rest.json().orderID);
  expect((await captureOrder(env.t.app, buyer.token, rest.json().orderID, courseId)).statusCode).toBe(200);
  expect(await enrollmentOf(buyer.userId, sessionId)).toEqual({ status: 'paid_in_full', agreementVersion: version });
});

it('a version published while the payer is at PayPal stops the capture, gives the seat back, and the order pays after accepting', async () => {
  const courseId = await program(env.t.app, 300);
  const sessionId = await session(courseId, 1);
  const buyer = await student();
  await accept(buyer.token, await publish('Attendance of 80 % is required.'));
  const orderID = (await order(buyer.token, courseId, 300, sessionId)).json().orderID as string;
  await approve(env.sandbox, orderID);
  const newer = await publish('Attendance of 90 % is required.');

  const refused = await captureOrder(env.t.app, buyer.token, orderID, courseId);
  expect({ status: refused.statusCode, body: refused.json() }).toEqual({
    status: 422, body: { error: 'Unprocessable Entity', message: SEAT_TEXT.agreementBeforeCapture(newer) } });
  expect((await sandboxOrders(env.sandbox)).find((o) => o.id === orderID)!.purchase_units[0]!.payments?.captures.length ?? 0).toBe(0);
  expect((await env.t.app.repos.payments.byOrderId(orderID))!.status).toBe('CREATED');
  expect(await seatsTaken(sessionId)).toBe(0);
  // The webhook's capture of the approved order meets the same rule.
  expect(await env.t.app.payments.reconcile(orderID)).toBe(`not captured: ${SEAT_TEXT.agreementBeforeCapture(newer)}`);

  await accept(buyer.token, newer);
  expect((await captureOrder(env.t.app, buyer.token, orderID, courseId)).statusCode).toBe(200);
  expect(await enrollmentOf(buyer.userId, sessionId)).toEqual({ status: 'paid_in_full', agreementVersion: newer });
});

it('a browser-made payment is not recorded until the student accepts, on verify-payment and on the webhook', async () => {
  const courseId = await program(env.t.app, 250);
  const sessionId = await session(courseId, 1);
  const buyer = await student();
  const first = await publish('What the price covers: tuition and lab fees.');
  await accept(buyer.token, first);
  expect((await env.t.app.inject({ method: 'POST', url: `/api/sessions/${sessionId}/holds`, headers: bearer(buyer.token) })).statusCode).toBe(201);
  const newer = await publish('What the price covers: tuition, lab fees and the exam.');
  const orderID = await clientOrder(env.sandbox, { value: '250.00', referenceId: courseId, customId: buyer.userId });

  const verify = () => env.t.app.inject({ method: 'POST', url: '/api/verify-payment', headers: bearer(buyer.token), payload: { orderID, sessionId } });
  const refused = await verify();
  expect({ status: refused.statusCode, body: refused.json() }).toEqual({
    status: 422, body: { error: 'Unprocessable Entity', message: SEAT_TEXT.agreementAfterPaying(newer) } });
  expect(await env.t.app.repos.payments.byOrderId(orderID)).toBeNull();
  expect(await seatsTaken(sessionId)).toBe(0);
  expect(await env.t.app.payments.reconcile(orderID)).toBe(`not recorded: ${SEAT_TEXT.agreementAfterPaying(newer)}`);
  expect(await env.t.app.repos.payments.byOrderId(orderID)).toBeNull();

  await accept(buyer.token, newer);
  const verified = await verify();
  expect(verified.statusCode).toBe(200);
  expect(verified.json().payment.status).toBe('COMPLETED');
  expect(await enrollmentOf(buyer.userId, sessionId)).toEqual({ status: 'paid_in_full', agreementVersion: newer });
});

it('a course without sessions sells no seat, so nothing is asked', async () => {
  const courseId = await program(env.t.app, 100);
  const buyer = await student();
  expect((await order(buyer.token, courseId, 100)).statusCode).toBe(201);
});
