import { approve, captureCount } from '../helpers/paypal';
import { captureOrder, checkPayment, createOrder, paymentsEnvPerFile, payWithButtons, program, row } from '../helpers/payments';
import { makeStudent, unique as nextName } from '../helpers/students';
import { bearer } from '../helpers/tokens';

/** Issue 30, decision 044: coupons managed by the admin, applied at checkout, checked on every payment path. */
const env = paymentsEnvPerFile({ config: { couponThrottle: { perUser: 6, perIp: 1000, windowMs: 60_000 } } });

const unique = () => nextName().toUpperCase();
const admin = () => bearer(env.ids.admin.token);

const student = () => makeStudent(env.t.app, 'coupon');

async function coupon(body: Record<string, unknown>) {
  const res = await env.t.app.inject({ method: 'POST', url: '/api/coupons', headers: admin(), payload: { code: `C${unique()}`, allPrograms: true, ...body } });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; code: string; used: number };
}

const apply = (token: string, code: string, programId: string) =>
  env.t.app.inject({ method: 'POST', url: '/api/coupons/apply', headers: bearer(token), payload: { code, programId } });
const listed = async (code: string) =>
  (await env.t.app.inject({ method: 'GET', url: `/api/coupons?q=${code}`, headers: admin() })).json().items[0];
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('the admin manages coupons', () => {
  it('creates, lists with search and paging, edits and deactivates, with usage counts', async () => {
    const tag = unique();
    const created = await env.t.app.inject({ method: 'POST', url: '/api/coupons', headers: admin(), payload: {
      code: ` spring-${tag.toLowerCase()} `, description: 'Spring intake', kind: 'percent', percentOff: 15, allPrograms: true, maxRedemptions: 50, maxPerStudent: 1,
    } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ code: `SPRING-${tag}`, kind: 'percent', percentOff: 15, amountOff: null, used: 0, active: true, maxPerStudent: 1 });
    await coupon({ code: `SPRING2-${tag}`, kind: 'amount', amountOff: 250.5 });

    const page = (await env.t.app.inject({ method: 'GET', url: `/api/coupons?q=spring&sort=code&limit=1`, headers: admin() })).json();
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.items).toHaveLength(1);
    expect(page).toMatchObject({ page: 1, limit: 1 });

    const programId = await program(env.t.app, 900);
    const edited = await env.t.app.inject({ method: 'PUT', url: `/api/coupons/${created.json().id}`, headers: admin(), payload: {
      code: `SPRING-${tag}`, kind: 'amount', amountOff: 100, allPrograms: false, programIds: [programId], endsOn: daysFromToday(30),
    } });
    expect(edited.json()).toMatchObject({ kind: 'amount', amountOff: 100, percentOff: null, allPrograms: false, programIds: [programId], maxRedemptions: null });

    const off = await env.t.app.inject({ method: 'POST', url: `/api/coupons/${created.json().id}/deactivate`, headers: admin() });
    expect(off.json()).toMatchObject({ active: false });
    const refused = await apply(env.ids.student.token, `spring-${tag}`, programId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'Conflict', message: 'This coupon is no longer offered.' });
  });

  it.each([
    ['a code too short', { code: 'AB' }, 'Give the code 3 to 32 letters, digits, dashes or underscores, starting with a letter or digit.'],
    ['a percent of 0', { percentOff: 0 }, 'A percent coupon takes off a whole number of percent from 1 to 100.'],
    ['a percent above 100', { percentOff: 101 }, 'A percent coupon takes off a whole number of percent from 1 to 100.'],
    ['an amount with 3 decimals', { kind: 'amount', percentOff: null, amountOff: 10.005 }, 'An amount coupon takes off a positive amount in dollars with at most 2 decimals.'],
    ['an impossible day', { endsOn: '2026-02-30' }, 'The last valid day must be a date (YYYY-MM-DD).'],
    ['an end before the start', { startsOn: '2026-06-02', endsOn: '2026-06-01' }, 'The last valid day cannot be before the first.'],
    ['a limit of 0', { maxRedemptions: 0 }, 'Uses in total must be a whole number of at least 1, or empty for no limit.'],
    ['no programs', { allPrograms: false, programIds: [] }, 'Choose at least one course or quick program, or make the coupon valid for all of them.'],
    ['an unknown program', { allPrograms: false, programIds: ['6f1c1d1e-0000-4000-8000-000000000000'] }, 'One of the chosen courses or programs does not exist (any more).'],
  ])('refuses %s with a 400 that says what to change, storing nothing', async (_name, change, message) => {
    const code = `BAD${unique()}`;
    const res = await env.t.app.inject({ method: 'POST', url: '/api/coupons', headers: admin(), payload: { code, kind: 'percent', percentOff: 10, allPrograms: true, ...change } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Bad Request', message });
    expect(await listed(code)).toBeUndefined();
  });

  it('refuses a code another coupon has, in any case, with a 409', async () => {
    const first = await coupon({ kind: 'percent', percentOff: 5 });
    const res = await env.t.app.inject({ method: 'POST', url: '/api/coupons', headers: admin(), payload: { code: first.code.toLowerCase(), kind: 'percent', percentOff: 5, allPrograms: true } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Conflict', message: `The code ${first.code} is already taken by another coupon.` });
  });
});

describe('a coupon at checkout', () => {
  it('is paid at the discounted price, the minimum applying to what is left; the redemption counts once', async () => {
    const s = await student();
    const id = await program(env.t.app, 1500);
    const c = await coupon({ kind: 'percent', percentOff: 20, maxRedemptions: 10 });
    const applied = await apply(s.token, c.code.toLowerCase(), id);
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toEqual({ code: c.code, discount: 300, price: 1500, amountPaid: 0, dueAmount: 1200, message: `Coupon ${c.code} applied: $300 off. $1,200 left to pay.` });
    expect(await checkPayment(env.t.app, s.token, id)).toEqual({ hasPaid: false, amountPaid: 0, dueAmount: 1200, coupon: { code: c.code, discount: 300, confirmed: false } });

    const full = await createOrder(env.t.app, s.token, id, 1500);
    expect(full.statusCode).toBe(400);
    expect(full.json().message).toBe('Amount cannot exceed the amount due ($1,200).');
    expect((await createOrder(env.t.app, s.token, id, 499)).json().message).toBe('Partial payment must be at least $500, or the full amount due ($1,200).');

    const paid = await payWithButtons(env, id, 1200, s.token);
    expect(paid.res.json()).toMatchObject({ message: 'Payment successful! You are now enrolled.', amountPaid: 1200, dueAmount: 0 });
    expect(await checkPayment(env.t.app, s.token, id)).toEqual({ hasPaid: true, amountPaid: 1200, dueAmount: 0, coupon: { code: c.code, discount: 300, confirmed: true } });
    expect((await listed(c.code)).used).toBe(1);
    // Every view of the balance takes the discount off: the payment list, the receipt, the admin's list, My learning.
    const paymentId = paid.res.json().payment._id as string;
    const mine = (await env.t.app.inject({ method: 'GET', url: '/api/payments/mine', headers: bearer(s.token) })).json();
    expect(mine.find((p: { _id: string }) => p._id === paymentId)).toMatchObject({ amount: 1200, dueAfter: 0 });
    expect((await env.t.app.inject({ method: 'GET', url: `/api/receipts/${paymentId}`, headers: bearer(s.token) })).json()).toMatchObject({ amount: 1200, balanceLeft: 0 });
    const adminList = (await env.t.app.inject({ method: 'GET', url: `/api/admin/payments?q=${encodeURIComponent(`coupon`)}`, headers: admin() })).json();
    expect(adminList.items.find((p: { _id: string }) => p._id === paymentId)).toMatchObject({ dueAfter: 0 });
    const learning = (await env.t.app.inject({ method: 'GET', url: '/api/payments/learning', headers: bearer(s.token) })).json();
    expect(learning.find((entry: { programId: string }) => entry.programId === id)).toMatchObject({ price: 1500, paid: 1200, due: 0 });
    const again = await apply(s.token, c.code, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Coupon ${c.code} was already used for this course or program; one coupon applies to a balance.`);
  });

  it('lets a balance under $500 after the discount be paid whole, and nothing less', async () => {
    const s = await student();
    const id = await program(env.t.app, 1200);
    const c = await coupon({ kind: 'amount', amountOff: 800 });
    expect((await apply(s.token, c.code, id)).json()).toMatchObject({ dueAmount: 400 });
    expect((await createOrder(env.t.app, s.token, id, 300)).json().message).toBe('Partial payment is only available for programs priced above $500. Pay the full $400.');
    const paid = await payWithButtons(env, id, 400, s.token);
    expect(paid.res.json()).toMatchObject({ amountPaid: 400, dueAmount: 0 });
  });

  it('answers each bad code with a clear { error, message }', async () => {
    const s = await student();
    const id = await program(env.t.app, 1000);
    const other = await program(env.t.app, 1000);
    const cases: [Record<string, unknown> | string, number, string][] = [
      ['NO-SUCH-CODE', 404, 'This coupon code is not valid. Check the code and try again.'],
      [{ kind: 'percent', percentOff: 10, endsOn: '2025-01-31' }, 409, 'This coupon expired on January 31, 2025.'],
      [{ kind: 'percent', percentOff: 10, startsOn: '2099-03-01' }, 409, 'This coupon is valid from March 1, 2099.'],
      [{ kind: 'percent', percentOff: 10, allPrograms: false, programIds: [other] }, 400, 'This coupon is not valid for this course or program.'],
      [{ kind: 'amount', amountOff: 1200 }, 400, 'This coupon takes off $1,200, more than what is left to pay ($1,000).'],
    ];
    for (const [body, status, message] of cases) {
      const code = typeof body === 'string' ? body : (await coupon(body)).code;
      const res = await apply(s.token, code, id);
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
      expect(res.json().error).toEqual(expect.any(String));
    }
    expect(await checkPayment(env.t.app, s.token, id)).toEqual({ hasPaid: false, amountPaid: 0, dueAmount: 1000 });
  });

  it('keeps to the limits in total and per student', async () => {
    const [a, b] = [await student(), await student()];
    const perStudent = await coupon({ kind: 'percent', percentOff: 10, maxPerStudent: 1 });
    expect((await apply(a.token, perStudent.code, await program(env.t.app, 1000))).statusCode).toBe(200);
    const second = await apply(a.token, perStudent.code, await program(env.t.app, 1000));
    expect([second.statusCode, second.json().message]).toEqual([409, 'You have already used this coupon once, its limit per student.']);

    const once = await coupon({ kind: 'percent', percentOff: 10, maxRedemptions: 1 });
    expect((await apply(a.token, once.code, await program(env.t.app, 1000))).statusCode).toBe(200);
    const usedUp = await apply(b.token, once.code, await program(env.t.app, 1000));
    expect([usedUp.statusCode, usedUp.json()]).toEqual([409, { error: 'Conflict', message: 'This coupon has been used up.' }]);
  });

  it('gives the last use to exactly one of the students applying at once', async () => {
    const students = await Promise.all([student(), student(), student(), student()]);
    const id = await program(env.t.app, 1000);
    const c = await coupon({ kind: 'percent', percentOff: 25, maxRedemptions: 1 });
    const answers = await Promise.all(students.map((s) => apply(s.token, c.code, id)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const [live] = await env.t.app.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM coupon_redemptions WHERE coupon_id = $1 AND status IN ('held', 'confirmed')", [c.id]);
    expect(live!.n).toBe(1);
  });

  it('gives an abandoned order\'s use back when its hold expires, and cancels that order uncaptured if the last use went to another', async () => {
    const [a, b] = [await student(), await student()];
    const id = await program(env.t.app, 1000);
    const c = await coupon({ kind: 'percent', percentOff: 50, maxRedemptions: 1 });
    expect((await apply(a.token, c.code, id)).statusCode).toBe(200);
    const orderID = (await createOrder(env.t.app, a.token, id, 500)).json().orderID as string;
    expect((await apply(b.token, c.code, id)).statusCode).toBe(409);

    // Student a leaves PayPal's page open past the hold: the use stops counting, and b takes it.
    await env.t.app.db.query("UPDATE coupon_redemptions SET hold_expires_at = now() - interval '1 second' WHERE user_id = $1", [a.userId]);
    expect((await apply(b.token, c.code, id)).json()).toMatchObject({ dueAmount: 500 });
    await approve(env.sandbox, orderID);
    const late = await captureOrder(env.t.app, a.token, orderID, id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: 'Conflict', message: 'The coupon of this payment could no longer be used (its last use went to another student, or it ended) while this payment was open, so it was cancelled. No money was taken.' });
    expect(await captureCount(env.sandbox, orderID)).toBe(0);
    expect((await row(env.t.app, orderID))!.status).toBe('CANCELLED');

    const paid = await payWithButtons(env, id, 500, b.token);
    expect(paid.res.json()).toMatchObject({ dueAmount: 0 });
    expect((await listed(c.code)).used).toBe(1);
  });

  it('gives the use back at once when the payer cancels the order', async () => {
    const [a, b] = [await student(), await student()];
    const id = await program(env.t.app, 1000);
    const c = await coupon({ kind: 'amount', amountOff: 100, maxRedemptions: 1 });
    await apply(a.token, c.code, id);
    const orderID = (await createOrder(env.t.app, a.token, id, 900)).json().orderID as string;
    const cancelled = await env.t.app.inject({ method: 'POST', url: `/api/payment/cancel/${orderID}`, headers: bearer(a.token) });
    expect(cancelled.statusCode).toBe(200);
    expect(await checkPayment(env.t.app, a.token, id)).toEqual({ hasPaid: false, amountPaid: 0, dueAmount: 1000 });
    expect((await apply(b.token, c.code, id)).statusCode).toBe(200);
  });

  it('enrolls with a coupon covering the whole price without any PayPal order', async () => {
    const s = await student();
    const id = await program(env.t.app, 700);
    const day = (offset: number) => daysFromToday(offset);
    const session = await env.t.app.inject({ method: 'POST', url: '/api/sessions', headers: admin(), payload: {
      courseId: id, startsOn: day(20), endsOn: day(80), schedule: 'Mon/Wed 6-9 pm', mode: 'online', seats: 3, enrollmentDeadline: day(18) } });
    expect(session.statusCode).toBe(201);
    const c = await coupon({ kind: 'percent', percentOff: 100 });
    expect((await apply(s.token, c.code, id)).json()).toMatchObject({ dueAmount: 0, message: `Coupon ${c.code} applied: $700 off. Nothing is left to pay.` });
    const order = await createOrder(env.t.app, s.token, id, 700);
    expect([order.statusCode, order.json().message]).toEqual([409, 'Your coupon covers the whole price, so there is nothing to pay: enroll without a payment.']);
    const enrolled = await env.t.app.inject({ method: 'POST', url: '/api/coupons/enroll', headers: bearer(s.token), payload: { programId: id } });
    expect(enrolled.statusCode).toBe(201);
    expect(enrolled.json().message).toBe('You are enrolled. Your coupon covers the whole price, so there is nothing to pay.');
    expect(await checkPayment(env.t.app, s.token, id)).toMatchObject({ hasPaid: true, amountPaid: 0, dueAmount: 0 });
    const [enrollment] = await env.t.app.db.query<{ status: string }>(
      'SELECT e.status FROM enrollments e JOIN class_sessions cs ON cs.id = e.session_id WHERE e.user_id = $1 AND cs.program_id = $2', [s.userId, id]);
    expect(enrollment?.status).toBe('paid_in_full');
    expect((await listed(c.code)).used).toBe(1);
    const twice = await env.t.app.inject({ method: 'POST', url: '/api/coupons/enroll', headers: bearer(s.token), payload: { programId: id } });
    expect(twice.statusCode).toBe(409);
  });

  it('limits refused codes per student like failed sign-ins (429 with Retry-After)', async () => {
    const s = await student();
    const id = await program(env.t.app, 1000);
    for (let i = 0; i < 6; i += 1) expect((await apply(s.token, `GUESS${i}${unique()}`, id)).statusCode).toBe(404);
    const valid = await coupon({ kind: 'percent', percentOff: 10 });
    const limited = await apply(s.token, valid.code, id);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.json()).toEqual({ error: 'Too Many Requests', message: expect.stringMatching(/^Too many coupon codes tried\. Please try again in \d+ (second|minute)s?\.$/) });
    // Another student is not locked out by this one's guesses.
    expect((await apply((await student()).token, valid.code, id)).statusCode).toBe(200);
  });
});
