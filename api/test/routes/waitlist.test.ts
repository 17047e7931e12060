import { createTestApp, type TestApp } from '../helpers/app';
import { validCourse } from '../helpers/fixtures';
import { day } from '../helpers/students';
import { bearer, login, signInSeeded, type Identities } from '../helpers/tokens';

/** A full session's waitlist (issue 29): join at the end, leave, the admin's order; refused while seats are left. */
let t: TestApp;
let ids: Identities;
beforeAll(async () => {
  t = await createTestApp();
  ids = await signInSeeded(t.app);
});
afterAll(() => t.close());

let counter = 0;

async function student() {
  counter += 1;
  const email = `wait${counter}${Date.now()}@example.com`;
  await t.app.inject({ method: 'POST', url: '/auth/register', payload: { username: `wait${counter}${Date.now()}`, email, password: 'Waiting#Pass2026', role: 'user' } });
  return login(t.app, email, 'Waiting#Pass2026');
}

async function session(seats: number) {
  const { price, ...rest } = validCourse();
  const programId = (await t.app.repos.programs.create('course', { ...rest, priceCents: Number(price) * 100 } as never)).id;
  const created = await t.app.inject({ method: 'POST', url: '/api/sessions', headers: bearer(ids.admin.token), payload: {
    courseId: programId, startsOn: day(30), endsOn: day(60), schedule: 'Tue/Thu 6-9 pm', mode: 'online', seats, enrollmentDeadline: day(28) } });
  return created.json().id as string;
}

async function seat(sessionId: string, userId: string) {
  await t.app.db.query(`INSERT INTO enrollments (id, session_id, user_id, program_title, status) VALUES (gen_random_uuid(), $1, $2, 'Course', 'enrolled')`, [sessionId, userId]);
}

const join = (sessionId: string, token: string) => t.app.inject({ method: 'POST', url: `/api/sessions/${sessionId}/waitlist`, headers: bearer(token) });
const list = async (sessionId: string) => (await t.app.inject({ method: 'GET', url: `/api/sessions/${sessionId}/waitlist`, headers: bearer(ids.admin.token) })).json();

it('refuses to wait while seats are left, and a student who has a place', async () => {
  const open = await session(2);
  const refused = await join(open, ids.student.token);
  expect(refused.statusCode).toBe(409);
  expect(refused.json()).toEqual({ error: 'Conflict', message: 'This session has seats left: enroll instead.' });
  const full = await session(1);
  await seat(full, ids.student.userId);
  expect((await join(full, ids.student.token)).json().message).toBe('You already have a place in this session.');
  expect(await list(full)).toEqual([]);
});

it('queues students in the order they join, once each, and shows the length publicly', async () => {
  const full = await session(1);
  const holder = await student();
  await seat(full, holder.userId);
  const [a, b] = [await student(), await student()];
  const first = await join(full, a.token);
  expect(first.statusCode).toBe(201);
  expect(first.json()).toMatchObject({ position: 1, user: { id: a.userId }, offerExpiresAt: null });
  expect((await join(full, b.token)).json().position).toBe(2);
  expect((await join(full, a.token)).json()).toEqual(first.json());
  expect((await t.app.inject({ method: 'GET', url: `/api/sessions/${full}` })).json()).toMatchObject({ seatsLeft: 0, waitlistLength: 2 });
});

it('lets the admin reorder every waiting student, and nothing else', async () => {
  const full = await session(1);
  await seat(full, (await student()).userId);
  const [a, b, c] = [await student(), await student(), await student()];
  for (const s of [a, b, c]) await join(full, s.token);
  const ids3 = (await list(full)).map((e: { id: string }) => e.id);
  const put = (order: string[]) => t.app.inject({ method: 'PUT', url: `/api/sessions/${full}/waitlist`, headers: bearer(ids.admin.token), payload: { order } });
  const reordered = await put([ids3[2], ids3[0], ids3[1]]);
  expect(reordered.statusCode).toBe(200);
  expect(reordered.json().map((e: { user: { id: string } }) => e.user.id)).toEqual([c.userId, a.userId, b.userId]);
  const partial = await put([ids3[0]]);
  expect(partial.statusCode).toBe(400);
  expect(partial.json().message).toBe('List every waiting student of this session exactly once, in the new order.');
  expect((await put([ids3[0], ids3[0], ids3[1]])).statusCode).toBe(400);
  expect((await list(full)).map((e: { user: { id: string } }) => e.user.id)).toEqual([c.userId, a.userId, b.userId]);
});

it('takes a student off the list when they leave; leaving twice is a 404', async () => {
  const full = await session(1);
  await seat(full, (await student()).userId);
  const [a, b] = [await student(), await student()];
  await join(full, a.token);
  await join(full, b.token);
  const leave = () => t.app.inject({ method: 'DELETE', url: `/api/sessions/${full}/waitlist`, headers: bearer(a.token) });
  expect((await leave()).json()).toEqual({ message: 'You left the waitlist.' });
  expect((await leave()).json()).toEqual({ error: 'Not Found', message: "You are not on this session's waitlist." });
  expect(await list(full)).toEqual([expect.objectContaining({ position: 1, user: expect.objectContaining({ id: b.userId }) })]);
});

it('two students joining at once get positions 1 and 2', async () => {
  const full = await session(1);
  await seat(full, (await student()).userId);
  const [a, b] = [await student(), await student()];
  const answers = await Promise.all([join(full, a.token), join(full, b.token)]);
  expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
  expect(answers.map((r) => r.json().position).sort()).toEqual([1, 2]);
});
