import { createTestApp, type TestApp } from '../helpers/app';
import { insertPayments } from '../helpers/payment-rows';
import { program } from '../helpers/payments';
import { bearer, signInSeeded, type Identities } from '../helpers/tokens';

let t: TestApp;
let ids: Identities;

async function student(name: string, createdAt: string, role: 'user' | 'admin' = 'user'): Promise<string> {
  const id = await t.app.repos.users.create({ username: name, email: `${name}@stats.test`, passwordHash: 'x', role });
  await t.app.db.query('UPDATE users SET created_at = $2 WHERE id = $1', [id, createdAt]);
  return id;
}

/** A first quarter of 2025 with known totals; every row just outside it must not count. */
beforeAll(async () => {
  t = await createTestApp();
  ids = await signInSeeded(t.app);
  const s1 = await student('stats1', '2025-01-06T09:00:00Z');
  const s2 = await student('stats2', '2025-01-08T09:00:00Z');
  const s3 = await student('stats3', '2025-02-03T09:00:00Z');
  await student('statsadmin', '2025-01-07T09:00:00Z', 'admin');
  await student('statsearly', '2024-12-31T23:00:00Z');
  const a = await program(t.app, 1000);
  const b = await program(t.app, 1000);
  await t.app.db.query("UPDATE programs SET title = 'Stats Course A' WHERE id = $1", [a]);
  await t.app.db.query("UPDATE programs SET title = 'Stats Course B' WHERE id = $1", [b]);
  await insertPayments(t.app, [
    { userId: s1, programId: a, amountCents: 100_000, status: 'COMPLETED', at: '2025-01-10T12:00:00Z' },
    // A second, partial payment of the same student for the same course: one enrollment.
    { userId: s1, programId: a, amountCents: 50_000, status: 'COMPLETED', at: '2025-02-01T12:00:00Z' },
    { userId: s2, programId: a, amountCents: 80_000, refundedCents: 30_000, status: 'PARTIALLY_REFUNDED', at: '2025-01-20T12:00:00Z' },
    // Refunded in full: no revenue and no enrollment, but still a payment of its month.
    { userId: s3, programId: b, amountCents: 60_000, refundedCents: 60_000, status: 'REFUNDED', at: '2025-02-15T12:00:00Z' },
    { userId: s3, programId: a, amountCents: 20_000, status: 'CANCELLED', at: '2025-03-01T12:00:00Z' },
    { userId: s2, programId: b, amountCents: 10_000, status: 'CREATED', at: '2025-03-05T12:00:00Z' },
    { userId: s1, programId: b, amountCents: 70_000, status: 'COMPLETED', at: '2024-12-31T23:59:59Z' },
    { userId: s2, programId: b, amountCents: 25_000, status: 'COMPLETED', at: '2025-03-31T23:00:00Z' },
    { userId: s3, programId: a, amountCents: 40_000, status: 'COMPLETED', at: '2025-04-01T00:00:00Z' },
  ]);
});
afterAll(() => t.close());

const stats = (query: string, token = ids.admin.token) => t.app.inject({ method: 'GET', url: `/api/admin/stats?${query}`, headers: bearer(token) });

describe('GET /api/admin/stats', () => {
  it('adds up revenue (completed minus refunded) per month, payments per status, enrollments and new students', async () => {
    const res = await stats('from=2025-01-01&to=2025-03-31');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totals).toEqual({ revenue: 2250, payments: 7, enrollments: 3, newStudents: 3 });
    expect(body.revenueByMonth).toEqual([
      { month: '2025-01', revenue: 1500, payments: 2 },
      { month: '2025-02', revenue: 500, payments: 2 },
      { month: '2025-03', revenue: 250, payments: 1 },
    ]);
    expect(body.paymentsByStatus).toEqual([
      { status: 'COMPLETED', count: 3, amount: 1750 },
      { status: 'CANCELLED', count: 1, amount: 200 },
      { status: 'CREATED', count: 1, amount: 100 },
      { status: 'PARTIALLY_REFUNDED', count: 1, amount: 800 },
      { status: 'REFUNDED', count: 1, amount: 600 },
    ]);
    expect(body.enrollmentsByProgram.map((p: { title: string; enrollments: number }) => [p.title, p.enrollments]))
      .toEqual([['Stats Course A', 2], ['Stats Course B', 1]]);
    expect(body.newStudentsByWeek).toHaveLength(14);
    expect(body.newStudentsByWeek[0]).toEqual({ week: '2024-12-30', students: 0 });
    expect(body.newStudentsByWeek.filter((w: { students: number }) => w.students > 0))
      .toEqual([{ week: '2025-01-06', students: 2 }, { week: '2025-02-03', students: 1 }]);
  });

  it('narrows to the days asked: one day at either edge', async () => {
    expect((await stats('from=2025-03-31&to=2025-03-31')).json().totals).toEqual({ revenue: 250, payments: 1, enrollments: 1, newStudents: 0 });
    expect((await stats('from=2024-12-31&to=2024-12-31')).json().totals).toEqual({ revenue: 700, payments: 1, enrollments: 1, newStudents: 1 });
  });

  it('answers an empty range with zero months and weeks, not an error', async () => {
    const body = (await stats('from=2020-01-01&to=2020-02-29')).json();
    expect(body.totals).toEqual({ revenue: 0, payments: 0, enrollments: 0, newStudents: 0 });
    expect(body.revenueByMonth).toEqual([{ month: '2020-01', revenue: 0, payments: 0 }, { month: '2020-02', revenue: 0, payments: 0 }]);
    expect(body.paymentsByStatus).toEqual([]);
    expect(body.enrollmentsByProgram).toEqual([]);
  });

  it('defaults to the last twelve months', async () => {
    const body = (await stats('')).json();
    expect(body.revenueByMonth).toHaveLength(12);
    expect(body.to).toBe(new Date().toISOString().slice(0, 10));
  });

  it('refuses ranges it cannot read, and is for admins only', async () => {
    for (const query of ['from=2025-02-30&to=2025-03-01', 'from=2025-03-01&to=2025-01-01', 'from=2015-01-01&to=2025-01-01', 'from=yesterday', 'days=7']) {
      const res = await stats(query);
      expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
      expect(Object.keys(res.json()).sort()).toEqual(['error', 'message']);
    }
    expect((await stats('', ids.student.token)).statusCode).toBe(403);
  });
});
