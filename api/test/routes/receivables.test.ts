import { paymentsEnv, program, type PaymentsEnv } from '../helpers/payments';
import { day } from '../helpers/students';
import { bearer } from '../helpers/tokens';

/**
 * Issue 30, decision 050: who owes what, aged by due date. Without a payment plan a balance is due on its session's
 * first day, or, without a session, on the day the student first paid. Buckets at their edges: 0 days is due now,
 * 1 and 30 are 1-30, 31 and 60 are 31-60, 61 is 60+.
 */
let env: PaymentsEnv;
beforeAll(async () => {
  env = await paymentsEnv();
}, 120_000);
afterAll(() => env.close());

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter += 1)}`;
const admin = () => bearer(env.ids.admin.token);
const post = (url: string, payload: object) => env.t.app.inject({ method: 'POST', url, headers: admin(), payload });
const get = (url: string, headers = admin()) => env.t.app.inject({ method: 'GET', url, headers });

async function student(name: string) {
  return env.t.app.repos.users.create({ email: `${name}@x.test`, username: name, passwordHash: 'x', role: 'user' });
}

/** A course of $1,000 titled so that a search finds only this test's rows. */
async function course(title: string) {
  const id = await program(env.t.app, 1000);
  await env.t.app.db.query('UPDATE programs SET title = $2 WHERE id = $1', [id, title]);
  return id;
}

/** $100 paid in cash `daysAgo` days ago: $900 due since then (no session, no plan). */
async function paidDaysAgo(userId: string, programId: string, daysAgo: number) {
  const res = await post('/api/admin/ledger/offline-payments', { userId, programId, amount: 100, method: 'cash', paidOn: day(-daysAgo), overBalance: 'refuse' });
  expect(res.statusCode).toBe(201);
  await env.t.app.db.query(`UPDATE payments SET created_at = now() - make_interval(days => $2) WHERE id = $1`, [res.json().payment._id, daysAgo]);
}

const BUCKETS = ['notYetDue', 'dueNow', 'overdue1To30', 'overdue31To60', 'overdue61Plus'] as const;
const bucketOf = (row: Record<string, number>) => BUCKETS.filter((b) => row[b] !== 0);

describe('GET /api/admin/receivables', () => {
  it('ages each balance at the bucket edges, with totals over every matching row', async () => {
    const tag = unique();
    const courseId = await course(`Aging ${tag}`);
    const ages = [0, 1, 30, 31, 60, 61];
    for (const age of ages) await paidDaysAgo(await student(`age${age}x${tag}`), courseId, age);
    // A student paid in full owes nothing and is not listed.
    const paidUp = await student(`paidup${tag}`);
    await post('/api/admin/ledger/offline-payments', { userId: paidUp, programId: courseId, amount: 1000, method: 'check', paidOn: day(0), overBalance: 'refuse' });

    const res = await get(`/api/admin/receivables?q=${tag}&sort=name&limit=100`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(6);
    const byName = Object.fromEntries(body.items.map((row: { student: { username: string } } & Record<string, number>) => [row.student.username, row]));
    expect(Object.keys(byName)).not.toContain(`paidup${tag}`);
    expect(bucketOf(byName[`age0x${tag}`])).toEqual(['dueNow']);
    expect(bucketOf(byName[`age1x${tag}`])).toEqual(['overdue1To30']);
    expect(bucketOf(byName[`age30x${tag}`])).toEqual(['overdue1To30']);
    expect(bucketOf(byName[`age31x${tag}`])).toEqual(['overdue31To60']);
    expect(bucketOf(byName[`age60x${tag}`])).toEqual(['overdue31To60']);
    expect(bucketOf(byName[`age61x${tag}`])).toEqual(['overdue61Plus']);
    expect(byName[`age61x${tag}`]).toMatchObject({ overdue61Plus: 900, total: 900, program: { id: courseId, title: `Aging ${tag}` }, session: null, students: 1, dueOn: day(-61) });
    expect(body.totals).toEqual({ notYetDue: 0, dueNow: 900, overdue1To30: 1800, overdue31To60: 1800, overdue61Plus: 900, total: 5400 });
  });

  it('dates a balance from its session: a session ahead is not yet due; a withdrawn seat with nothing paid is no balance; per-session rows sum students', async () => {
    const tag = unique();
    const courseId = await course(`Session ${tag}`);
    const session = await post('/api/sessions', {
      courseId, startsOn: day(20), endsOn: day(80), schedule: 'Mon/Wed 6-9 pm', mode: 'online', seats: 10, enrollmentDeadline: day(18),
    });
    const sessionId = session.json().id as string;
    const [a, b, c] = [await student(`sa${tag}`), await student(`sb${tag}`), await student(`sc${tag}`)];
    for (const userId of [a, b, c]) expect((await post('/api/admin/ledger/enrollments', { userId, programId: courseId, sessionId })).statusCode).toBe(201);
    await post('/api/admin/ledger/adjustments', { userId: b, programId: courseId, amount: 250, kind: 'scholarship', reason: 'Need-based' });
    const enrollment = (await env.t.app.repos.enrollments.byUser(c))[0]!;
    expect((await post(`/api/enrollments/${enrollment.id}/withdraw`, {})).statusCode).toBeLessThan(300);

    const perStudent = (await get(`/api/admin/receivables?q=${tag}&sort=-total`)).json();
    expect(perStudent.items.map((row: { student: { id: string }; total: number }) => [row.student.id, row.total])).toEqual([[a, 1000], [b, 750]]);
    expect(perStudent.items[0]).toMatchObject({ notYetDue: 1000, dueNow: 0, session: { id: sessionId, startsOn: day(20) }, dueOn: day(20) });

    const perSession = (await get(`/api/admin/receivables?q=${tag}&view=session`)).json();
    expect(perSession).toMatchObject({ total: 1, totals: { notYetDue: 1750, total: 1750 } });
    expect(perSession.items).toEqual([expect.objectContaining({ student: null, students: 2, total: 1750, session: { id: sessionId, startsOn: day(20) } })]);
  });

  it('sorts and pages in SQL, and refuses unknown parameters', async () => {
    const tag = unique();
    const courseId = await course(`Paging ${tag}`);
    for (const [i, age] of [5, 40, 70].entries()) await paidDaysAgo(await student(`p${i}x${tag}`), courseId, age);
    const names = async (query: string) =>
      (await get(`/api/admin/receivables?q=${tag}&${query}`)).json().items.map((row: { student: { username: string } }) => row.student.username);
    expect(await names('sort=dueOn')).toEqual([`p2x${tag}`, `p1x${tag}`, `p0x${tag}`]);
    expect(await names('sort=-name&limit=2')).toEqual([`p2x${tag}`, `p1x${tag}`]);
    expect(await names('sort=-name&limit=2&page=2')).toEqual([`p0x${tag}`]);
    const page2 = (await get(`/api/admin/receivables?q=${tag}&limit=2&page=2`)).json();
    expect(page2).toMatchObject({ total: 3, page: 2, limit: 2, totals: { total: 2700 } });
    expect((await get('/api/admin/receivables?sort=price')).statusCode).toBe(400);
    expect((await get('/api/admin/receivables?view=month')).statusCode).toBe(400);
    expect((await get('/api/admin/receivables?limit=1000')).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await get('/api/admin/receivables', bearer(env.ids.student.token))).statusCode).toBe(403);
    expect((await env.t.app.inject({ method: 'GET', url: '/api/admin/receivables' })).statusCode).toBe(401);
    expect((await get('/api/admin/receivables.csv', bearer(env.ids.student.token))).statusCode).toBe(403);
  });
});

describe('GET /api/admin/receivables.csv', () => {
  it('streams every matching row in the order asked, per student or per session, formulas neutralised', async () => {
    const tag = unique();
    const courseId = await course(`=CSV ${tag}`);
    const users: string[] = [];
    for (let i = 0; i < 3; i += 1) users.push(await student(`csv${i}x${tag}`));
    for (const userId of users) await paidDaysAgo(userId, courseId, 45);
    const res = await get(`/api/admin/receivables.csv?q=${tag}&sort=name`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="receivables-student-\d{4}-\d\d-\d\d\.csv"$/);
    const lines = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('"Student","Email","Course or program","Session starts","Due on","Not yet due (USD)","Due now (USD)",'
      + '"Overdue 1-30 days (USD)","Overdue 31-60 days (USD)","Overdue 60+ days (USD)","Total (USD)"');
    expect(lines.slice(1)).toEqual(users.map((_, i) =>
      `"csv${i}x${tag}","csv${i}x${tag}@x.test","'=CSV ${tag}","","${day(-45)}","0.00","0.00","0.00","900.00","0.00","900.00"`));
    const perSession = await get(`/api/admin/receivables.csv?q=${tag}&view=session`);
    expect(perSession.body.trimEnd().split('\r\n')[1]).toBe(`"'=CSV ${tag}","No session","3","${day(-45)}","0.00","0.00","0.00","2700.00","0.00","2700.00"`);
  });
});
