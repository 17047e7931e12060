import { randomUUID } from 'node:crypto';
import { paymentsEnvPerFile, program } from '../helpers/payments';
import { day, makeStudent, openSession, recordCash } from '../helpers/students';
import { bearer } from '../helpers/tokens';

/**
 * Issue 30, decision 051: what is due and when, per balance. Without a plan the whole balance is due at the session's
 * start (or the enrollment date without a session); on a plan, payments and credits pay the earliest instalments first
 * and the items' open amounts always add up to the balance.
 */
const env = paymentsEnvPerFile();

const student = async () => (await makeStudent(env.t.app, 'due')).userId;
const post = (url: string, payload: object) => env.t.app.inject({ method: 'POST', url, headers: bearer(env.ids.admin.token), payload });
const cash = async (userId: string, programId: string, amount: number) =>
  expect((await recordCash(env.t.app, env.ids.admin.token, userId, programId, amount)).statusCode).toBe(201);
const items = (userId: string, programId: string) => env.t.app.repos.dueItems.ofBalance(userId, programId);

const session = (programId: string, startsIn: number) => openSession(env.t.app, env.ids.admin.token, programId, { startsIn, deadlineIn: startsIn - 1 });

/** A schedule written as the plan choice writes it: total and dated amounts (seq 0 the deposit). */
async function schedule(userId: string, programId: string, totalCents: number, amounts: Array<[number, string, number]>) {
  const id = randomUUID();
  await env.t.app.db.query('INSERT INTO plan_schedules (id, user_id, program_id, plan_name, total_cents) VALUES ($1, $2, $3, $4, $5)',
    [id, userId, programId, 'Deposit and 3 monthly', totalCents]);
  for (const [seq, dueOn, cents] of amounts) {
    await env.t.app.db.query('INSERT INTO plan_instalments (schedule_id, seq, due_on, amount_cents) VALUES ($1, $2, $3, $4)', [id, seq, dueOn, cents]);
  }
  return id;
}

it('without a plan, a seated balance is one item due at its session start, and payments count toward it', async () => {
  const courseId = await program(env.t.app, 1800);
  const sessionId = await session(courseId, 20);
  const userId = await student();
  expect((await post('/api/admin/ledger/enrollments', { userId, programId: courseId, sessionId })).statusCode).toBe(201);
  expect(await items(userId, courseId)).toEqual([expect.objectContaining({
    sessionId, scheduleId: null, seq: 0, last: true, dueOn: day(20), amountCents: 180000, paidCents: 0, openCents: 180000,
  })]);
  await cash(userId, courseId, 500);
  expect(await items(userId, courseId)).toEqual([expect.objectContaining({ dueOn: day(20), amountCents: 180000, paidCents: 50000, openCents: 130000 })]);
});

it('without a plan or a session, the balance is due on the enrollment date (its first payment or credit)', async () => {
  const courseId = await program(env.t.app, 1200);
  const userId = await student();
  await cash(userId, courseId, 500);
  const [item] = await items(userId, courseId);
  expect(item).toMatchObject({ enrollmentId: null, sessionId: null, dueOn: day(0), amountCents: 120000, paidCents: 50000, openCents: 70000 });
  expect(item!.itemKey).toBe(`balance:${userId}:${courseId}:${day(0)}`);
});

it('credits lower what the item asks for; a balance paid in full leaves its item with nothing open', async () => {
  const courseId = await program(env.t.app, 900);
  const userId = await student();
  expect((await post('/api/admin/ledger/adjustments', { userId, programId: courseId, amount: 400, kind: 'scholarship', reason: 'Merit' })).statusCode).toBe(201);
  expect(await items(userId, courseId)).toEqual([expect.objectContaining({ amountCents: 50000, paidCents: 0, openCents: 50000 })]);
  await cash(userId, courseId, 500);
  expect(await items(userId, courseId)).toEqual([expect.objectContaining({ amountCents: 50000, paidCents: 50000, openCents: 0 })]);
  expect(await env.t.app.repos.dueItems.openDueBy(day(400))).not.toContainEqual(expect.objectContaining({ userId }));
});

it('on a plan, what is paid covers the earliest instalments first and the open amounts add up to the balance', async () => {
  const courseId = await program(env.t.app, 2000);
  const userId = await student();
  await schedule(userId, courseId, 200000, [[0, day(0), 50000], [1, day(30), 50000], [2, day(60), 50000], [3, day(90), 50000]]);
  await cash(userId, courseId, 500);
  await cash(userId, courseId, 700);
  const rows = await items(userId, courseId);
  expect(rows.map((r) => [r.seq, r.dueOn, r.amountCents, r.paidCents, r.openCents, r.last])).toEqual([
    [0, day(0), 50000, 50000, 0, false],
    [1, day(30), 50000, 50000, 0, false],
    [2, day(60), 50000, 20000, 30000, false],
    [3, day(90), 50000, 0, 50000, true],
  ]);
  expect(rows.reduce((sum, r) => sum + r.openCents, 0)).toBe(80000);
  const overdueLater = await env.t.app.repos.dueItems.openDueBy(day(61));
  expect(overdueLater.filter((r) => r.userId === userId).map((r) => r.seq)).toEqual([2]);
});

it('on a plan, a balance that grew after the choice (price raised) adds the difference to the last instalment', async () => {
  const courseId = await program(env.t.app, 1500);
  const userId = await student();
  await schedule(userId, courseId, 150000, [[0, day(0), 50000], [1, day(30), 50000], [2, day(60), 50000]]);
  await cash(userId, courseId, 500);
  await env.t.app.db.query('UPDATE programs SET price_cents = 160000 WHERE id = $1', [courseId]);
  const rows = await items(userId, courseId);
  expect(rows.map((r) => [r.seq, r.amountCents, r.openCents])).toEqual([[0, 50000, 0], [1, 50000, 50000], [2, 60000, 60000]]);
});
