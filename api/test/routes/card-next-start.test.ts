import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '../helpers/app';
import { validCourse } from '../helpers/fixtures';
import { day } from '../helpers/students';
import { bearer, signInSeeded, type Identities } from '../helpers/tokens';

/**
 * Issue 33: a course or program card names its next start. The card page carries the earliest session a visitor can
 * still take a seat in (open, deadline not passed, a seat free) and its seats left; nothing when there is none.
 */
let t: TestApp;
let ids: Identities;
beforeAll(async () => {
  t = await createTestApp();
  ids = await signInSeeded(t.app);
}, 120_000);
afterAll(() => t.close());

let counter = 0;

/** A course (or program) with a title no other test's search matches. */
async function newProgram(kind: 'course' | 'quick_program' = 'course') {
  const title = `Nextstart ${Date.now().toString(36)}x${(counter += 1)}`;
  const { price, ...rest } = validCourse({ title });
  const id = (await t.app.repos.programs.create(kind, { ...rest, priceCents: Number(price) * 100 } as never)).id;
  return { id, title };
}

async function addSession(ref: { courseId?: string; programId?: string }, over: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST', url: '/api/sessions', headers: bearer(ids.admin.token),
    payload: { ...ref, startsOn: day(30), endsOn: day(90), schedule: 'Mon/Wed 6-9 pm', mode: 'online', seats: 3, enrollmentDeadline: day(27), ...over },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

/** A session straight into the table: the API refuses to add one that has ended, as a past one has. */
async function insertSession(programId: string, startsOn: string, endsOn: string, deadline: string, seats: number | null) {
  const id = randomUUID();
  await t.app.db.query(
    `INSERT INTO class_sessions (id, program_id, starts_on, ends_on, schedule, mode, seats, enrollment_deadline)
     VALUES ($1, $2, $3, $4, 'Sat 9-12', 'online', $5, $6)`,
    [id, programId, startsOn, endsOn, seats, deadline],
  );
  return id;
}

async function fillSeat(sessionId: string) {
  const n = `${Date.now().toString(36)}${(counter += 1)}`;
  const userId = await t.app.repos.users.create({ email: `card${n}@x.test`, username: `card${n}`, passwordHash: 'x', role: 'user' });
  await t.app.db.query(
    `INSERT INTO enrollments (id, session_id, user_id, program_title, status) VALUES ($1, $2, $3, 'Card test', 'enrolled')`,
    [randomUUID(), sessionId, userId],
  );
}

async function card(title: string, base = '/api/courses') {
  const res = await t.app.inject({ method: 'GET', url: `${base}?q=${encodeURIComponent(title)}&fields=card` });
  expect(res.statusCode).toBe(200);
  const items = res.json().items as { title: string; nextSession?: unknown }[];
  expect(items.map((item) => item.title)).toEqual([title]);
  return items[0]!;
}

describe('the next start on course and program cards', () => {
  it('names the earliest open session with its seats left, and nothing for a course without sessions', async () => {
    const bare = await newProgram();
    expect(await card(bare.title)).not.toHaveProperty('nextSession');

    const course = await newProgram();
    await addSession({ courseId: course.id }, { startsOn: day(60), endsOn: day(120), enrollmentDeadline: day(55), seats: null });
    await addSession({ courseId: course.id }, { startsOn: day(20), endsOn: day(80), enrollmentDeadline: day(18), seats: 5 });
    // The write refreshed the cached page at once: no waiting for the public cache's TTL.
    expect((await card(course.title)).nextSession).toEqual({ startsOn: day(20), seatsLeft: 5 });
  });

  it('skips past, ended, closed, cancelled and full sessions; an unlimited one has no seat count', async () => {
    const course = await newProgram();
    await insertSession(course.id, day(-90), day(-10), day(-95), 10);
    // Started and enrollment over, though not ended.
    await insertSession(course.id, day(-5), day(40), day(-7), 10);
    const full = await addSession({ courseId: course.id }, { startsOn: day(10), endsOn: day(40), enrollmentDeadline: day(8), seats: 1 });
    await fillSeat(full);
    const closed = await addSession({ courseId: course.id }, { startsOn: day(12), endsOn: day(40), enrollmentDeadline: day(9) });
    expect((await t.app.inject({ method: 'POST', url: `/api/sessions/${closed}/close`, headers: bearer(ids.admin.token) })).statusCode).toBe(200);
    const cancelled = await addSession({ courseId: course.id }, { startsOn: day(14), endsOn: day(40), enrollmentDeadline: day(9) });
    expect((await t.app.inject({ method: 'POST', url: `/api/sessions/${cancelled}/cancel`, headers: bearer(ids.admin.token) })).statusCode).toBe(200);
    await addSession({ courseId: course.id }, { startsOn: day(45), endsOn: day(90), enrollmentDeadline: day(40), seats: null });

    expect((await card(course.title)).nextSession).toEqual({ startsOn: day(45), seatsLeft: null });
  });

  it('has no line when every session is full or past, and shows one again when the admin reopens a seat', async () => {
    const course = await newProgram();
    await insertSession(course.id, day(-60), day(-1), day(-61), null);
    const full = await addSession({ courseId: course.id }, { startsOn: day(10), endsOn: day(40), enrollmentDeadline: day(8), seats: 1 });
    await fillSeat(full);
    expect(await card(course.title)).not.toHaveProperty('nextSession');

    const raised = await t.app.inject({
      method: 'PUT', url: `/api/sessions/${full}`, headers: bearer(ids.admin.token),
      payload: { startsOn: day(10), endsOn: day(40), schedule: 'Mon/Wed 6-9 pm', mode: 'online', seats: 3, enrollmentDeadline: day(8) },
    });
    expect(raised.statusCode).toBe(200);
    expect((await card(course.title)).nextSession).toEqual({ startsOn: day(10), seatsLeft: 2 });
  });

  it('reads every card of a page in one query and serves quick program cards the same way', async () => {
    const program = await newProgram('quick_program');
    await addSession({ programId: program.id }, { seats: 4 });
    expect((await card(program.title, '/api/quick-programs')).nextSession).toEqual({ startsOn: day(30), seatsLeft: 4 });

    const spy = jest.spyOn(t.app.repos.classSessions, 'nextSessions');
    const page = await t.app.inject({ method: 'GET', url: '/api/courses?limit=24&fields=card&sort=newest' });
    expect(page.statusCode).toBe(200);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0]![0]).toHaveLength(page.json().items.length);
    spy.mockRestore();
  });

  it('gives whole records (no fields=card) no next start: the spec shape is unchanged', async () => {
    const course = await newProgram();
    await addSession({ courseId: course.id });
    const whole = await t.app.inject({ method: 'GET', url: `/api/courses?q=${encodeURIComponent(course.title)}` });
    expect(whole.json().items[0]).not.toHaveProperty('nextSession');
    const all = await t.app.inject({ method: 'GET', url: '/api/courses' });
    expect(all.json().find((item: { _id: string }) => item._id === course.id)).not.toHaveProperty('nextSession');
  });
});
