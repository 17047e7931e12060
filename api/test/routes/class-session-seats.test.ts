import { SEAT_TEXT } from '../../src/payments/seats';
import { captureOrder, createOrder, paymentsEnv, program, type PaymentsEnv } from '../helpers/payments';
import { approve, clientOrder, sandboxOrders } from '../helpers/paypal';
import { day } from '../helpers/students';
import { bearer } from '../helpers/tokens';

/**
 * Issue 29: seats on every payment path. A seat is held before PayPal hears of an order, refused before any money
 * moves, released on cancel, and turned into the enrollment by the capture; never oversold under concurrency.
 */
let env: PaymentsEnv;
// Booting the app (WASM PostgreSQL, migrations) on a busy machine can take longer than the 30 s default.
beforeAll(async () => {
  env = await paymentsEnv();
}, 120_000);
afterAll(() => env.close());

let counter = 0;

async function session(programId: string, over: Record<string, unknown> = {}) {
  const res = await env.t.app.inject({
    method: 'POST', url: '/api/sessions', headers: bearer(env.ids.admin.token),
    payload: { courseId: programId, startsOn: day(20), endsOn: day(80), schedule: 'Mon/Wed 6-9 pm', mode: 'online', seats: 3, enrollmentDeadline: day(18), ...over },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

async function student() {
  const n = `${Date.now().toString(36)}${(counter += 1)}`;
  const userId = await env.t.app.repos.users.create({ email: `seat${n}@x.test`, username: `seat${n}`, passwordHash: 'x', role: 'user' });
  return { userId, token: env.t.app.signToken({ id: userId, username: `seat${n}`, email: `seat${n}@x.test`, role: 'user' }, 0) };
}

const seatsOf = async (id: string) => (await env.t.app.inject({ method: 'GET', url: `/api/sessions/${id}` })).json();
const order = (token: string, programId: string, amount: number, sessionId?: string) =>
  env.t.app.inject({ method: 'POST', url: `/api/payments/create-order/${programId}`, headers: bearer(token), payload: { amount, ...(sessionId ? { sessionId } : {}) } });
const expireHolds = (sessionId: string) =>
  env.t.app.db.query(`UPDATE enrollments SET hold_expires_at = now() - interval '1 second' WHERE session_id = $1 AND status = 'pending'`, [sessionId]);
const enrollmentOf = async (userId: string, sessionId: string) =>
  (await env.t.app.db.query<{ status: string; id: string }>('SELECT id, status FROM enrollments WHERE user_id = $1 AND session_id = $2', [userId, sessionId]))[0];

describe('a seat is held with the order and refused before money moves', () => {
  it('holds a seat at create-order, frees it on cancel, and turns it into an enrollment at capture', async () => {
    const courseId = await program(env.t.app, 1000);
    const sessionId = await session(courseId);
    const buyer = await student();
    const created = await order(buyer.token, courseId, 500, sessionId);
    expect(created.statusCode).toBe(201);
    expect(await seatsOf(sessionId)).toMatchObject({ seatsTaken: 1, seatsLeft: 2 });
    const cancelled = await env.t.app.inject({ method: 'POST', url: `/api/payment/cancel/${created.json().orderID}`, headers: bearer(buyer.token) });
    expect(cancelled.statusCode).toBe(200);
    expect(await seatsOf(sessionId)).toMatchObject({ seatsTaken: 0, seatsLeft: 3 });

    const again = await order(buyer.token, courseId, 500, sessionId);
    await approve(env.sandbox, again.json().orderID);
    const captured = await captureOrder(env.t.app, buyer.token, again.json().orderID, courseId);
    expect(captured.statusCode).toBe(200);
    expect((await enrollmentOf(buyer.userId, sessionId))!.status).toBe('enrolled');
    expect((await env.t.app.repos.payments.byOrderId(again.json().orderID))).toMatchObject({ sessionId, status: 'COMPLETED' });

    // The balance: a second payment needs no new seat and makes the enrollment paid in full.
    const rest = await order(buyer.token, courseId, 500);
    await approve(env.sandbox, rest.json().orderID);
    expect((await captureOrder(env.t.app, buyer.token, rest.json().orderID, courseId)).statusCode).toBe(200);
    expect((await enrollmentOf(buyer.userId, sessionId))!.status).toBe('paid_in_full');
    expect(await seatsOf(sessionId)).toMatchObject({ seatsTaken: 1 });
    const events = await env.t.app.db.query<{ status: string }>(
      'SELECT status FROM enrollment_events WHERE enrollment_id = $1 ORDER BY at, id', [(await enrollmentOf(buyer.userId, sessionId))!.id]);
    expect(events.map((e) => e.status)).toEqual(['pending', 'enrolled', 'paid_in_full']);
  });

  it('refuses a full, closed, cancelled or past-deadline session with a clear 409 and no PayPal order', async () => {
    const courseId = await program(env.t.app, 500);
    const full = await session(courseId, { seats: 1 });
    expect((await order((await student()).token, courseId, 500, full)).statusCode).toBe(201);
    const closed = await session(courseId);
    await env.t.app.inject({ method: 'POST', url: `/api/sessions/${closed}/close`, headers: bearer(env.ids.admin.token) });
    const cancelled = await session(courseId);
    await env.t.app.inject({ method: 'POST', url: `/api/sessions/${cancelled}/cancel`, headers: bearer(env.ids.admin.token) });
    const late = await session(courseId);
    await env.t.app.db.query('UPDATE class_sessions SET enrollment_deadline = current_date - 1 WHERE id = $1', [late]);

    const ordersBefore = (await sandboxOrders(env.sandbox)).length;
    const buyer = await student();
    for (const [id, message] of [[full, SEAT_TEXT.refusals.full], [closed, SEAT_TEXT.refusals.closed],
      [cancelled, SEAT_TEXT.refusals.cancelled], [late, SEAT_TEXT.refusals.deadline]] as const) {
      const res = await order(buyer.token, courseId, 500, id);
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 409, body: { error: 'Conflict', message } });
      const redirect = await env.t.app.inject({ method: 'POST', url: '/payment', headers: bearer(buyer.token), payload: { amount: 500, courseId, sessionId: id } });
      expect(redirect.statusCode).toBe(409);
    }
    expect((await sandboxOrders(env.sandbox)).length).toBe(ordersBefore);
    expect(full).toBe(full);
  });

  it('without a sessionId (older clients) takes the earliest open session with a seat, then refuses when none is left', async () => {
    const courseId = await program(env.t.app, 300);
    const later = await session(courseId, { startsOn: day(40), enrollmentDeadline: day(35), seats: 1 });
    const sooner = await session(courseId, { startsOn: day(10), enrollmentDeadline: day(8), seats: 1 });
    const [a, b, c] = [await student(), await student(), await student()];
    expect((await order(a.token, courseId, 300)).statusCode).toBe(201);
    expect((await enrollmentOf(a.userId, sooner))!.status).toBe('pending');
    expect((await order(b.token, courseId, 300)).statusCode).toBe(201);
    expect((await enrollmentOf(b.userId, later))!.status).toBe('pending');
    const none = await order(c.token, courseId, 300);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(SEAT_TEXT.noneLeft);
    // A session of another course is refused.
    const other = await session(await program(env.t.app, 300));
    expect((await order(c.token, courseId, 300, other)).json().message).toBe(SEAT_TEXT.otherProgram);
  });

  it('cancels, without capturing, an order whose seat was taken while its hold had expired', async () => {
    const courseId = await program(env.t.app, 200);
    const sessionId = await session(courseId, { seats: 1 });
    const [slow, quick] = [await student(), await student()];
    const first = (await order(slow.token, courseId, 200, sessionId)).json().orderID as string;
    await approve(env.sandbox, first);
    await expireHolds(sessionId);
    const second = (await order(quick.token, courseId, 200, sessionId)).json().orderID as string;
    await approve(env.sandbox, second);
    const refused = await captureOrder(env.t.app, slow.token, first, courseId);
    expect({ status: refused.statusCode, message: refused.json().message }).toEqual({ status: 409, message: SEAT_TEXT.lostSeat });
    expect((await env.t.app.repos.payments.byOrderId(first))!.status).toBe('CANCELLED');
    expect((await captureOrder(env.t.app, quick.token, second, courseId)).statusCode).toBe(200);
    const captured = (await sandboxOrders(env.sandbox)).filter((o) => [first, second].includes(o.id) && o.purchase_units[0]!.payments?.captures.length);
    expect(captured.map((o) => o.id)).toEqual([second]);
  });

  it('keeps the seat of a payment whose capture was sent but never answered, past its hold, until PayPal says', async () => {
    const courseId = await program(env.t.app, 200);
    const sessionId = await session(courseId, { seats: 1 });
    const [paying, next] = [await student(), await student()];
    const first = (await order(paying.token, courseId, 200, sessionId)).json().orderID as string;
    await approve(env.sandbox, first);
    // The capture went out and its answer was lost (timeout, reset): money may have been taken.
    const row = (await env.t.app.repos.payments.byOrderId(first))!;
    await env.t.app.repos.payments.claim(row.id, env.t.app.db);
    await env.t.app.repos.payments.noteUnknown(row.id);
    await expireHolds(sessionId);
    const refused = await order(next.token, courseId, 200, sessionId);
    expect({ status: refused.statusCode, message: refused.json().message }).toEqual({ status: 409, message: SEAT_TEXT.refusals.full });
    expect(await seatsOf(sessionId)).toMatchObject({ seatsTaken: 1, seatsLeft: 0 });
    // PayPal answers that nothing was captured: the seat is free again.
    await env.t.app.repos.payments.releaseClaim(row.id);
    expect(await seatsOf(sessionId)).toMatchObject({ seatsTaken: 0, seatsLeft: 1 });
    expect((await order(next.token, courseId, 200, sessionId)).statusCode).toBe(201);
  });

  it('3 seats, 20 students capturing at once: exactly 3 enrolled, 17 refused and not charged', async () => {
    const courseId = await program(env.t.app, 700);
    const sessionId = await session(courseId, { seats: 3 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => student()));
    const orders: string[] = [];
    for (const buyer of buyers) {
      // Each opened while the others' holds had run out (payers who left PayPal's page open), so all 20 exist.
      const res = await order(buyer.token, courseId, 700, sessionId);
      expect(res.statusCode).toBe(201);
      orders.push(res.json().orderID);
      await approve(env.sandbox, res.json().orderID);
      await expireHolds(sessionId);
    }
    const results = await Promise.all(buyers.map((buyer, i) => captureOrder(env.t.app, buyer.token, orders[i]!, courseId)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().message).toBe(SEAT_TEXT.lostSeat);
    const charged = (await sandboxOrders(env.sandbox)).filter((o) => orders.includes(o.id) && o.purchase_units[0]!.payments?.captures.length);
    expect(charged).toHaveLength(3);
    const [{ n }] = (await env.t.app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM enrollments WHERE session_id = $1 AND status IN ('enrolled', 'paid_in_full')`, [sessionId])) as [{ n: number }];
    expect(n).toBe(3);
    expect(await seatsOf(sessionId)).toMatchObject({ seatsTaken: 3, seatsLeft: 0 });
  });
});

describe('browser-made orders', () => {
  it('hold first, then the verified order becomes the enrollment', async () => {
    const courseId = await program(env.t.app, 250);
    const sessionId = await session(courseId, { seats: 1 });
    const buyer = await student();
    const hold = await env.t.app.inject({ method: 'POST', url: `/api/sessions/${sessionId}/holds`, headers: bearer(buyer.token) });
    expect(hold.statusCode).toBe(201);
    expect(hold.json()).toMatchObject({ sessionId, holdId: expect.any(String) });
    const other = await student();
    const refused = await env.t.app.inject({ method: 'POST', url: `/api/sessions/${sessionId}/holds`, headers: bearer(other.token) });
    expect({ status: refused.statusCode, message: refused.json().message }).toEqual({ status: 409, message: SEAT_TEXT.refusals.full });

    const orderID = await clientOrder(env.sandbox, { value: '250.00', referenceId: courseId, customId: buyer.userId });
    const verified = await env.t.app.inject({ method: 'POST', url: '/api/verify-payment', headers: bearer(buyer.token), payload: { orderID, sessionId } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().payment.status).toBe('COMPLETED');
    expect((await enrollmentOf(buyer.userId, sessionId))!.status).toBe('paid_in_full');
  });

  it('a browser-made payment for a full session without a hold is recorded for a refund, not seated', async () => {
    const courseId = await program(env.t.app, 250);
    const sessionId = await session(courseId, { seats: 1 });
    const seated = await student();
    expect((await env.t.app.inject({ method: 'POST', url: `/api/sessions/${sessionId}/holds`, headers: bearer(seated.token) })).statusCode).toBe(201);
    const late = await student();
    const orderID = await clientOrder(env.sandbox, { value: '250.00', referenceId: courseId, customId: late.userId });
    const verified = await env.t.app.inject({ method: 'POST', url: '/api/verify-payment', headers: bearer(late.token), payload: { orderID, sessionId } });
    expect({ status: verified.statusCode, message: verified.json().message }).toEqual({
      status: 422, message: `Payment not accepted: ${SEAT_TEXT.fullAfterPaying} It has been recorded for a refund; please contact us.` });
    expect((await env.t.app.repos.payments.byOrderId(orderID))!.status).toBe('REJECTED');
    expect(await enrollmentOf(late.userId, sessionId)).toBeUndefined();
  });
});

it('a program without sessions is sold as before (no seat, no enrollment)', async () => {
  const courseId = await program(env.t.app, 100);
  const buyer = await student();
  const created = await createOrder(env.t.app, buyer.token, courseId, 100);
  expect(created.statusCode).toBe(201);
  expect((await env.t.app.repos.payments.byOrderId(created.json().orderID))).toMatchObject({ sessionId: null, enrollmentId: null });
});
