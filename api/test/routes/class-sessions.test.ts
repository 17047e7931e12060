import { COURSES } from '../../src/db/seed-data/courses';
import { QUICK_PROGRAMS } from '../../src/db/seed-data/quick-programs';
import { createTestApp, type TestApp } from '../helpers/app';
import { validCourse } from '../helpers/fixtures';
import { day } from '../helpers/students';
import { bearer, signInSeeded, type Identities } from '../helpers/tokens';

let t: TestApp;
let ids: Identities;
beforeAll(async () => {
  t = await createTestApp();
  ids = await signInSeeded(t.app);
});
afterAll(() => t.close());

const admin = () => bearer(ids.admin.token);

async function newCourse(kind: 'course' | 'quick_program' = 'course') {
  const { price, ...rest } = validCourse();
  return (await t.app.repos.programs.create(kind, { ...rest, priceCents: Number(price) * 100 } as never)).id;
}

const sessionBody = (over: Record<string, unknown> = {}) => ({
  startsOn: day(30), endsOn: day(90), schedule: 'Mon/Wed 6-9 pm', mode: 'in_person',
  address: '1200 Harbor Avenue', seats: 3, enrollmentDeadline: day(27), ...over,
});

async function post(body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/sessions', headers: admin(), payload: body });
}

describe('class sessions: admin writes, public reads', () => {
  it('creates a course session and lists it publicly with its seats left', async () => {
    const courseId = await newCourse();
    const created = await post(sessionBody({ courseId }));
    expect(created.statusCode).toBe(201);
    const session = created.json();
    expect(session).toMatchObject({
      courseId, programId: null, startsOn: day(30), endsOn: day(90), mode: 'in_person', address: '1200 Harbor Avenue',
      seats: 3, seatsTaken: 0, seatsLeft: 3, status: 'open', waitlistLength: 0, enrollmentDeadline: day(27),
    });
    const list = await t.app.inject({ method: 'GET', url: `/api/sessions?courseId=${courseId}` });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((s: { id: string }) => s.id)).toEqual([session.id]);
    const one = await t.app.inject({ method: 'GET', url: `/api/sessions/${session.id}` });
    expect(one.json()).toEqual(session);
  });

  it('names a quick program by programId; an online session has no address and may be unlimited', async () => {
    const programId = await newCourse('quick_program');
    const res = await post(sessionBody({ programId, mode: 'online', address: 'ignored', seats: null }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ courseId: null, programId, mode: 'online', address: null, seats: null, seatsLeft: null });
    // A quick program is not a course.
    expect((await post(sessionBody({ courseId: programId }))).json()).toEqual({ error: 'Not Found', message: 'Course not found.' });
  });

  it('lists upcoming sessions by start date; cancelled and ended ones only for the admin with all=1', async () => {
    const courseId = await newCourse();
    const later = (await post(sessionBody({ courseId, startsOn: day(60), enrollmentDeadline: day(55) }))).json();
    const sooner = (await post(sessionBody({ courseId, startsOn: day(10), enrollmentDeadline: day(8) }))).json();
    const cancelled = (await post(sessionBody({ courseId }))).json();
    await t.app.inject({ method: 'POST', url: `/api/sessions/${cancelled.id}/cancel`, headers: admin() });
    const ended = await t.app.repos.classSessions.create({ ...sessionBody(), startsOn: day(-30), endsOn: day(-1), enrollmentDeadline: day(-31), programId: courseId } as never);

    const pub = await t.app.inject({ method: 'GET', url: `/api/sessions?courseId=${courseId}` });
    expect(pub.json().map((s: { id: string }) => s.id)).toEqual([sooner.id, later.id]);
    const all = await t.app.inject({ method: 'GET', url: `/api/sessions?courseId=${courseId}&all=1`, headers: admin() });
    expect(all.json().map((s: { id: string }) => s.id).sort()).toEqual([sooner.id, later.id, cancelled.id, ended.id].sort());
    expect((await t.app.inject({ method: 'GET', url: `/api/sessions?courseId=${courseId}&all=1` })).statusCode).toBe(401);
    const student = await t.app.inject({ method: 'GET', url: `/api/sessions?courseId=${courseId}&all=1`, headers: bearer(ids.student.token) });
    expect(student.statusCode).toBe(403);
  });

  it('refuses a session ending before it starts, negative seats, a missing address, a false date: nothing stored', async () => {
    const courseId = await newCourse();
    const cases: [Record<string, unknown>, string][] = [
      [{ endsOn: day(20) }, 'The end date must be on or after the start date.'],
      [{ seats: -2 }, 'Seats must be a whole number of at least 1 (leave it empty for unlimited).'],
      [{ seats: 2.5 }, 'Seats must be a whole number of at least 1 (leave it empty for unlimited).'],
      [{ address: '  ' }, 'An address is required for in-person and hybrid sessions.'],
      [{ startsOn: '2026-02-30' }, 'Start date must be a date like 2026-09-14.'],
      [{ enrollmentDeadline: day(120) }, 'The enrollment deadline must be on or before the end date.'],
      [{ startsOn: day(-20), endsOn: day(-2), enrollmentDeadline: day(-25) }, 'The end date has already passed.'],
    ];
    for (const [over, message] of cases) {
      const res = await post(sessionBody({ courseId, ...over }));
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { error: 'Bad Request', message } });
    }
    const both = await post(sessionBody({ courseId, programId: courseId }));
    expect(both.json().message).toBe('Name either a course (courseId) or a quick program (programId), not both.');
    expect(await t.app.repos.classSessions.list({ programId: courseId, all: true })).toEqual([]);
  });

  it('edits a session, and refuses seats below those taken, saying how many', async () => {
    const courseId = await newCourse();
    const session = (await post(sessionBody({ courseId, seats: 5 }))).json();
    const students = await Promise.all([0, 1].map(async (i) =>
      t.app.repos.users.create({ email: `seat${i}${Date.now()}@x.test`, username: `seat${i}${Date.now()}`, passwordHash: 'x', role: 'user' })));
    for (const userId of students) {
      await t.app.db.query(
        `INSERT INTO enrollments (id, session_id, user_id, program_title, status) VALUES (gen_random_uuid(), $1, $2, 'Test Course', 'enrolled')`,
        [session.id, userId]);
    }
    const put = (seats: number) => t.app.inject({ method: 'PUT', url: `/api/sessions/${session.id}`, headers: admin(), payload: sessionBody({ seats, schedule: 'Tue/Thu 6-9 pm' }) });
    const refused = await put(1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('2 seats are already taken; seats cannot be set below 2.');
    expect((await t.app.inject({ method: 'GET', url: `/api/sessions/${session.id}` })).json()).toMatchObject({ seats: 5, schedule: 'Mon/Wed 6-9 pm', seatsTaken: 2, seatsLeft: 3 });
    const ok = await put(2);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ seats: 2, seatsTaken: 2, seatsLeft: 0, schedule: 'Tue/Thu 6-9 pm' });
  });

  it('closes, reopens and cancels; a cancelled session cannot be edited or closed', async () => {
    const courseId = await newCourse();
    const session = (await post(sessionBody({ courseId }))).json();
    const act = (action: string) => t.app.inject({ method: 'POST', url: `/api/sessions/${session.id}/${action}`, headers: admin() });
    expect((await act('close')).json().status).toBe('closed');
    expect((await act('reopen')).json().status).toBe('open');
    expect((await act('reopen')).json().status).toBe('open');
    expect((await act('cancel')).json().status).toBe('cancelled');
    expect((await act('close')).statusCode).toBe(409);
    const edit = await t.app.inject({ method: 'PUT', url: `/api/sessions/${session.id}`, headers: admin(), payload: sessionBody() });
    expect(edit.json()).toEqual({ error: 'Conflict', message: 'This session is cancelled; it cannot be changed.' });
  });

  it('answers 404 for unknown sessions and courses, 400 without a course', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/sessions/not-an-id' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/sessions/00000000-0000-4000-8000-000000000000' })).json().message).toBe('Session not found.');
    expect((await t.app.inject({ method: 'GET', url: '/api/sessions' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/sessions?courseId=00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
  });
});

const SEEDED_TITLES = new Set([...COURSES, ...QUICK_PROGRAMS].map((item) => item.title));

describe('seeded sessions', () => {
  it('gives every seeded course and quick program upcoming sessions, with seats and without a limit', async () => {
    for (const url of ['/api/courses', '/api/quick-programs']) {
      const items = (await t.app.inject({ method: 'GET', url })).json() as { _id: string; title: string }[];
      const seeded = items.filter((item) => SEEDED_TITLES.has(item.title));
      expect(seeded).toHaveLength(url === '/api/courses' ? COURSES.length : QUICK_PROGRAMS.length);
      for (const item of seeded) {
        const key = url === '/api/courses' ? 'courseId' : 'programId';
        const sessions = (await t.app.inject({ method: 'GET', url: `/api/sessions?${key}=${item._id}` })).json();
        expect(sessions.length).toBeGreaterThanOrEqual(3);
        expect(sessions.some((s: { seats: number | null }) => s.seats !== null)).toBe(true);
        expect(sessions.some((s: { seats: number | null; mode: string }) => s.seats === null && s.mode === 'online')).toBe(true);
        for (const s of sessions) expect(s.startsOn > day(0) && s.enrollmentDeadline < s.startsOn).toBe(true);
      }
    }
  });
});
