import { createOrder, paymentsEnvPerFile, payWithButtons, program } from '../helpers/payments';
import { day, makeStudent, recordCash } from '../helpers/students';
import { bearer } from '../helpers/tokens';

/**
 * Issue 30, decision 051: plans offered per program, chosen by the student for their own balance, stored as a
 * schedule that adds up exactly; payments pay the earliest instalments first; bad input is refused with nothing
 * stored; reminders are queued once per instalment and kind, even with two passes racing.
 */
let clock = Date.now();
const env = paymentsEnvPerFile({ now: () => clock });

const DAY = 86_400_000;
const student = () => makeStudent(env.t.app, 'plan');
const admin = () => bearer(env.ids.admin.token);
const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
  env.t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const offer = (programId: string, body: Record<string, unknown>) =>
  inject('POST', '/api/admin/payment-plans', admin(), { programId, name: 'Deposit and 3 monthly', deposit: 500, instalments: 3, anchor: 'enrollment_date', ...body });
const choose = (token: string, body: Record<string, unknown>) => inject('PUT', '/api/payment-plans/mine', bearer(token), body);
const mine = async (token: string, programId: string) => (await inject('GET', `/api/payment-plans/mine/${programId}`, bearer(token))).json();
const cash = (userId: string, programId: string, amount: number) => recordCash(env.t.app, env.ids.admin.token, userId, programId, amount);
const reminders = () => env.t.app.db.query<{ kind: string; to: string; params: Record<string, unknown> }>(
  "SELECT kind, to_email AS to, template_params AS params FROM email_outbox WHERE kind = 'payment-reminder' ORDER BY created_at");

describe('offering plans', () => {
  it('creates a plan and lists it publicly; refuses amounts that do not add up or fall below the minimum, storing nothing', async () => {
    const courseId = await program(env.t.app, 2000);
    const created = await offer(courseId, { instalmentAmount: 500 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ programId: courseId, name: 'Deposit and 3 monthly', deposit: 500, instalments: 3, anchor: 'enrollment_date', active: true });

    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [{ name: 'Off by one', instalmentAmount: 499 }, 400, 'The deposit and instalments add up to $1,997, not the price ($2,000).'],
      [{ name: 'Too many', deposit: 0, instalments: 5 }, 400, 'Each instalment would be $400, below the smallest payment ($500). Use fewer instalments or a smaller deposit.'],
      [{ name: 'All deposit', deposit: 2000 }, 400, 'The deposit ($2,000) must be less than the price ($2,000).'],
      [{ name: 'Tiny deposit', deposit: 100, instalments: 2 }, 400, 'A deposit must be 0 or at least $500, the smallest payment.'],
      [{ deposit: 500 }, 409, 'A payment plan named "Deposit and 3 monthly" is already offered for this program.'],
      [{ name: 'Bad cents', deposit: 500.001 }, 400, 'Amounts are in dollars with at most two decimals.'],
    ];
    for (const [body, status, message] of refusals) {
      const res = await offer(courseId, body);
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
    }
    const listed = await inject('GET', `/api/payment-plans?programId=${courseId}`, {});
    expect(listed.json()).toEqual([expect.objectContaining({ name: 'Deposit and 3 monthly' })]);
    expect((await inject('GET', '/api/payment-plans?programId=nope', {})).statusCode).toBe(404);
  });
});

describe('choosing a plan', () => {
  it('stores a schedule that adds up exactly, rounding on the last instalment, and payments pay the earliest first', async () => {
    const courseId = await program(env.t.app, 2000.01);
    const plan = (await offer(courseId, { name: 'Deposit and 2 monthly', deposit: 500.5, instalments: 2 })).json();
    const s = await student();
    const chosen = await choose(s.token, { planId: plan.id });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().message).toBe('Payment plan chosen: Deposit and 2 monthly.');
    const today = day(0, clock);
    let schedule = chosen.json().schedule;
    // 2000.01 - 500.50 = 1499.51 over 2: 749.75, and 749.76 on the last.
    expect(schedule.items.map((i: { label: string; dueOn: string; amount: number }) => [i.label, i.dueOn, i.amount])).toEqual([
      ['Deposit', today, 500.5], ['Instalment 1 of 2', expect.any(String), 749.75], ['Instalment 2 of 2', expect.any(String), 749.76],
    ]);
    expect(schedule.items.reduce((sum: number, i: { amount: number }) => sum + Math.round(i.amount * 100), 0)).toBe(200001);
    expect(schedule).toMatchObject({ plan: { name: 'Deposit and 2 monthly' }, due: 2000.01, next: { label: 'Deposit', open: 500.5 }, changeable: true });

    // $800: the deposit and $299.50 of the first instalment.
    expect((await payWithButtons(env, courseId, 800, s.token)).res.statusCode).toBe(200);
    schedule = await mine(s.token, courseId);
    expect(schedule.items.map((i: { paid: number; open: number }) => [i.paid, i.open])).toEqual([[500.5, 0], [299.5, 450.25], [0, 749.76]]);
    expect(schedule).toMatchObject({ due: 1200.01, next: { label: 'Instalment 1 of 2', open: 450.25 }, overdue: 0, changeable: false });
    // Below the minimum, and not the whole balance: the spec's rule, unchanged.
    expect((await createOrder(env.t.app, s.token, courseId, 450.25)).json().message)
      .toBe('Partial payment must be at least $500, or the full amount due ($1,200.01).');
  });

  it('refuses another student\'s enrollment (404), a change after a payment (409), a retired plan, and keeps the schedule', async () => {
    const courseId = await program(env.t.app, 1500);
    const sessionId = (await inject('POST', '/api/sessions', admin(), {
      courseId, startsOn: day(20), endsOn: day(80), schedule: 'Mon 6-9 pm', mode: 'online', enrollmentDeadline: day(18),
    })).json().id as string;
    const a = await student();
    const b = await student();
    expect((await inject('POST', '/api/admin/ledger/enrollments', admin(), { userId: a.userId, programId: courseId, sessionId })).statusCode).toBe(201);
    const enrollmentId = (await env.t.app.repos.enrollments.seatedIn(a.userId, courseId))!.id;
    const atStart = (await offer(courseId, { name: 'From the start', deposit: 0, instalments: 3, anchor: 'session_start' })).json();
    const other = (await offer(courseId, { name: 'Two', deposit: 0, instalments: 2 })).json();

    const foreign = await choose(b.token, { planId: atStart.id, enrollmentId });
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, 'Enrollment not found.']);
    expect(await env.t.app.repos.paymentPlans.scheduleOf(b.userId, courseId)).toBeNull();

    const ok = await choose(a.token, { planId: atStart.id, enrollmentId });
    expect(ok.json().schedule.items.map((i: { dueOn: string }) => i.dueOn)).toEqual([day(20), expect.any(String), expect.any(String)]);
    expect((await choose(a.token, { planId: other.id })).statusCode).toBe(200); // nothing paid yet: may change
    expect((await choose(a.token, { planId: atStart.id })).statusCode).toBe(200);
    expect((await cash(a.userId, courseId, 500)).statusCode).toBe(201);
    const late = await choose(a.token, { planId: other.id });
    expect([late.statusCode, late.json().message])
      .toEqual([409, 'Your payment plan cannot be changed after a payment on it. Contact the institute to change it.']);
    expect((await mine(a.token, courseId)).plan.name).toBe('From the start');
    // The same plan again is no change.
    expect((await choose(a.token, { planId: atStart.id })).statusCode).toBe(200);

    expect((await inject('POST', `/api/admin/payment-plans/${other.id}/retire`, admin())).statusCode).toBe(200);
    expect((await inject('POST', `/api/admin/payment-plans/${other.id}/retire`, admin())).statusCode).toBe(409);
    const retired = await choose(b.token, { planId: other.id });
    expect([retired.statusCode, retired.json().message]).toEqual([409, 'This payment plan is not offered for this program.']);
  });
});

describe('reminders', () => {
  it('queues "due soon" and "overdue" once per instalment and kind, even with two passes racing, and marks overdue', async () => {
    const courseId = await program(env.t.app, 1500);
    const plan = (await offer(courseId, { name: 'Three monthly', deposit: 0, instalments: 3 })).json();
    const s = await student();
    expect((await choose(s.token, { planId: plan.id })).statusCode).toBe(200);
    expect((await cash(s.userId, courseId, 500)).statusCode).toBe(201); // the first instalment, early
    const start = clock;
    const mineOnly = async () => (await reminders()).filter((r) => r.to === s.email).map((r) => [r.params.reminder, r.params.seq, r.params.dueOn]);
    const run = () => inject('POST', '/api/admin/payment-reminders/run', admin());
    try {
      // Two days before instalment 2 (two months after the choice): two passes at once queue one email.
      const second = (await mine(s.token, courseId)).items[1].dueOn as string;
      clock = Date.parse(`${second}T12:00:00Z`) - 2 * DAY;
      await Promise.all([run(), run(), env.t.app.paymentReminders.tick()]);
      expect(await mineOnly()).toEqual([['upcoming', 2, second]]);
      await run();
      expect(await mineOnly()).toHaveLength(1);

      // A day after it: overdue, once, and shown as overdue.
      clock = Date.parse(`${second}T12:00:00Z`) + DAY;
      await Promise.all([run(), run()]);
      await run();
      expect(await mineOnly()).toEqual([['upcoming', 2, second], ['overdue', 2, second]]);
      const schedule = await mine(s.token, courseId);
      expect(schedule).toMatchObject({ overdue: 500, next: { seq: 2, overdue: true } });
      const email = (await reminders()).filter((r) => r.to === s.email)[1]!;
      expect(email.params).toMatchObject({ reminder: 'overdue', program: expect.any(String), programId: courseId, amount: 500 });
    } finally {
      clock = start;
    }
  });
});
