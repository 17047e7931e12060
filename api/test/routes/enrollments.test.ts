import { captureOrder, paymentsEnv, program, type PaymentsEnv } from '../helpers/payments';
import { approve } from '../helpers/paypal';
import { day } from '../helpers/students';
import { bearer } from '../helpers/tokens';

/** Issue 29: enrollment records with history; class list and CSV; transfer and withdraw; refunds. */
let env: PaymentsEnv;
// Booting the app (WASM PostgreSQL, migrations) on a busy machine can take longer than the 30 s default.
beforeAll(async () => {
  env = await paymentsEnv();
}, 120_000);
afterAll(() => env.close());

let counter = 0;
const admin = () => bearer(env.ids.admin.token);

async function session(courseId: string, seats: number | null = 3, startsIn = 20) {
  const res = await env.t.app.inject({
    method: 'POST', url: '/api/sessions', headers: admin(),
    payload: { courseId, startsOn: day(startsIn), endsOn: day(startsIn + 60), schedule: 'Mon/Wed 6-9 pm', mode: 'online', seats, enrollmentDeadline: day(startsIn - 2) },
  });
  return res.json().id as string;
}

async function student() {
  const n = `${Date.now().toString(36)}${(counter += 1)}`;
  const userId = await env.t.app.repos.users.create({ email: `enr${n}@x.test`, username: `enr${n}`, passwordHash: 'x', role: 'user' });
  return { userId, username: `enr${n}`, token: env.t.app.signToken({ id: userId, username: `enr${n}`, email: `enr${n}@x.test`, role: 'user' }, 0) };
}

async function pay(token: string, courseId: string, amount: number, sessionId?: string) {
  const created = await env.t.app.inject({ method: 'POST', url: `/api/payments/create-order/${courseId}`, headers: bearer(token), payload: { amount, ...(sessionId ? { sessionId } : {}) } });
  expect(created.statusCode).toBe(201);
  await approve(env.sandbox, created.json().orderID);
  const res = await captureOrder(env.t.app, token, created.json().orderID, courseId);
  expect(res.statusCode).toBe(200);
  return res.json().payment._id as string;
}

const mine = async (token: string) => (await env.t.app.inject({ method: 'GET', url: '/api/enrollments/mine', headers: bearer(token) })).json();
const seatsTaken = async (id: string) => (await env.t.app.inject({ method: 'GET', url: `/api/sessions/${id}` })).json().seatsTaken;

it('shows the student their enrollment with its session, money and history, and the admin the class list and CSV', async () => {
  const courseId = await program(env.t.app, 1200);
  const sessionId = await session(courseId);
  const buyer = await student();
  await pay(buyer.token, courseId, 500, sessionId);
  const [record] = await mine(buyer.token);
  expect(record).toMatchObject({
    status: 'enrolled', amountPaid: 500, balanceDue: 700, title: expect.stringMatching(/^Payments program/),
    session: { id: sessionId, courseId, title: expect.stringMatching(/^Payments program/), seatsTaken: 1 },
  });
  expect(record.history.map((h: { status: string }) => h.status)).toEqual(['pending', 'enrolled']);
  expect(record.history[0].by).toEqual({ id: buyer.userId, username: buyer.username });
  expect(record.history[1].by).toBeNull();

  const roster = await env.t.app.inject({ method: 'GET', url: `/api/sessions/${sessionId}/roster`, headers: admin() });
  expect(roster.json()).toEqual([expect.objectContaining({
    enrollmentId: record.id, user: { id: buyer.userId, username: buyer.username, email: `${buyer.username}@x.test` },
    status: 'enrolled', amountPaid: 500, balanceDue: 700,
  })]);
  const csv = await env.t.app.inject({ method: 'GET', url: `/api/sessions/${sessionId}/roster.csv`, headers: admin() });
  expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(csv.headers['content-disposition']).toBe(`attachment; filename="class-list-${day(20)}-${sessionId}.csv"`);
  const lines = csv.body.trim().split('\r\n');
  expect(lines[0]).toBe('"Student","Email","Status","Paid (USD)","Balance due (USD)","Agreement version","Agreement accepted","Since"');
  expect(lines[1]).toMatch(new RegExp(`^"${buyer.username}","${buyer.username}@x.test","enrolled","500.00","700.00",`));
  const forAdmin = await env.t.app.inject({ method: 'GET', url: `/api/enrollments?userId=${buyer.userId}`, headers: admin() });
  expect(forAdmin.json().map((e: { id: string }) => e.id)).toEqual([record.id]);
});

it('transfers a student to another session of the course atomically, refusing a full or foreign session', async () => {
  const courseId = await program(env.t.app, 300);
  const [from, to, full] = [await session(courseId, 3), await session(courseId, 2, 40), await session(courseId, 1, 50)];
  const [buyer, other] = [await student(), await student()];
  await pay(buyer.token, courseId, 300, from);
  await pay(other.token, courseId, 300, full);
  const [record] = await mine(buyer.token);
  const transfer = (sessionId: string) => env.t.app.inject({ method: 'POST', url: `/api/enrollments/${record.id}/transfer`, headers: admin(), payload: { sessionId } });

  const refused = await transfer(full);
  expect({ status: refused.statusCode, message: refused.json().message }).toEqual({ status: 409, message: 'That session is full.' });
  const foreign = await transfer(await session(await program(env.t.app, 300)));
  expect(foreign.json().message).toBe('A student can only be transferred to another session of the same course or program.');
  expect([await seatsTaken(from), await seatsTaken(to)]).toEqual([1, 0]);

  const moved = await transfer(to);
  expect(moved.statusCode).toBe(200);
  expect(moved.json()).toMatchObject({ status: 'paid_in_full', amountPaid: 300, session: { id: to } });
  expect(moved.json().history[0]).toMatchObject({ status: 'paid_in_full', by: { id: env.ids.admin.userId } });
  expect([await seatsTaken(from), await seatsTaken(to)]).toEqual([0, 1]);
  const records = await mine(buyer.token);
  expect(records.map((r: { status: string }) => r.status).sort()).toEqual(['paid_in_full', 'transferred']);
});

it('withdraws a student (seat freed); a second withdrawal is a 409', async () => {
  const courseId = await program(env.t.app, 300);
  const sessionId = await session(courseId, 1);
  const buyer = await student();
  await pay(buyer.token, courseId, 300, sessionId);
  const [record] = await mine(buyer.token);
  const withdraw = () => env.t.app.inject({ method: 'POST', url: `/api/enrollments/${record.id}/withdraw`, headers: admin() });
  const done = await withdraw();
  expect(done.json()).toMatchObject({ status: 'withdrawn', balanceDue: 0 });
  expect(done.json().history.at(-1)).toMatchObject({ status: 'withdrawn', note: 'Withdrawn by the institute.', by: { id: env.ids.admin.userId } });
  expect(await seatsTaken(sessionId)).toBe(0);
  expect((await withdraw()).statusCode).toBe(409);
});

it('a full refund withdraws the enrollment; a partial refund does not', async () => {
  const courseId = await program(env.t.app, 400);
  const sessionId = await session(courseId, 5);
  const [partial, full] = [await student(), await student()];
  const partialPayment = await pay(partial.token, courseId, 400, sessionId);
  const fullPayment = await pay(full.token, courseId, 400, sessionId);
  const refund = (id: string, amount?: number) =>
    env.t.app.inject({ method: 'POST', url: `/api/payments/${id}/refunds`, headers: admin(), payload: amount ? { amount } : {} });
  expect((await refund(partialPayment, 100)).statusCode).toBe(200);
  expect((await refund(fullPayment)).statusCode).toBe(200);
  expect((await mine(partial.token))[0]).toMatchObject({ status: 'paid_in_full', amountPaid: 300 });
  const withdrawn = (await mine(full.token))[0];
  expect(withdrawn).toMatchObject({ status: 'withdrawn', amountPaid: 0 });
  expect(withdrawn.history.at(-1)).toMatchObject({ status: 'withdrawn', note: 'Refunded in full.', by: null });
  expect(await seatsTaken(sessionId)).toBe(1);
});
