import { createTestApp, type TestApp } from '../helpers/app';
import { insertPayments } from '../helpers/payment-rows';
import { paymentAdminRepository } from '../../src/repositories/payment-admin';
import { bearer, signInSeeded, type Identities } from '../helpers/tokens';

let t: TestApp;
let ids: Identities;
beforeAll(async () => {
  t = await createTestApp();
  ids = await signInSeeded(t.app);
  const rows = Array.from({ length: 12 }, (_, i) => ({
    userId: ids.student.userId, programId: null, amountCents: (i + 1) * 1000,
    status: i % 3 === 0 ? 'CANCELLED' : 'COMPLETED', at: `2026-03-${String(i + 1).padStart(2, '0')}T10:00:00Z`, title: i < 6 ? 'Welding Basics' : 'Phlebotomy',
  }));
  await insertPayments(t.app, rows);
});
afterAll(() => t.close());

const list = (query: string, token = ids.admin.token) => t.app.inject({ method: 'GET', url: `/api/admin/payments?${query}`, headers: bearer(token) });
const amounts = (body: { items: { amount: number }[] }) => body.items.map((p) => p.amount);

describe('GET /api/admin/payments', () => {
  it('pages newest first by default, with the total', async () => {
    const res = await list('limit=5');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 12, page: 1, limit: 5 });
    expect(amounts(res.json())).toEqual([120, 110, 100, 90, 80]);
    expect(amounts((await list('limit=5&page=3')).json())).toEqual([20, 10]);
  });

  it('sorts by amount either way and filters by status and by search text', async () => {
    expect(amounts((await list('sort=amount&limit=3')).json())).toEqual([10, 20, 30]);
    expect(amounts((await list('sort=-amount&limit=3')).json())).toEqual([120, 110, 100]);
    const cancelled = (await list('status=CANCELLED&sort=amount')).json();
    expect(cancelled.total).toBe(4);
    expect(amounts(cancelled)).toEqual([10, 40, 70, 100]);
    const welding = (await list('q=WELDING&status=COMPLETED')).json();
    expect(welding.total).toBe(4);
    expect(welding.items.every((p: { program: { title: string } }) => p.program.title === 'Welding Basics')).toBe(true);
    expect((await list('q=student@')).json().total).toBe(12);
  });

  it('answers, page by page in every order, the same rows as the whole list, running balances included', async () => {
    const course = (await t.app.inject({ method: 'GET', url: '/api/courses' })).json()[0]._id as string;
    await insertPayments(t.app, [
      { userId: ids.student.userId, programId: course, amountCents: 30_000, status: 'COMPLETED', at: '2026-04-01T10:00:00Z' },
      { userId: ids.student.userId, programId: course, amountCents: 20_000, status: 'PARTIALLY_REFUNDED', refundedCents: 5_000, at: '2026-04-02T10:00:00Z' },
      { userId: ids.student.userId, programId: course, amountCents: 10_000, status: 'CANCELLED', at: '2026-04-03T10:00:00Z' },
      { userId: null, programId: course, amountCents: 7_000, status: 'COMPLETED', at: '2026-04-04T10:00:00Z' },
    ]);
    const whole = (await t.app.inject({ method: 'GET', url: '/api/payments', headers: bearer(ids.admin.token) })).json() as { _id: string }[];
    const byId = new Map(whole.map((row) => [row._id, row]));
    for (const sort of ['createdAt', '-createdAt', 'amount', '-amount', 'status', 'user', '-program']) {
      const seen: unknown[] = [];
      for (let page = 1; page <= 4; page++) seen.push(...(await list(`sort=${sort}&limit=5&page=${page}`)).json().items);
      expect(seen).toHaveLength(whole.length);
      // The admin's rows also name the student and the course by id (for the ledger's Balance button).
      for (const { userId, programId, ...row } of seen as { _id: string; userId: unknown; programId: unknown }[]) {
        expect({ sort, row }).toEqual({ sort, row: byId.get(row._id) });
        expect(userId === null || typeof userId === 'string').toBe(true);
        expect(programId === null || typeof programId === 'string').toBe(true);
      }
    }
  });

  it('stops counting at its limit and says so, while pages past it still answer', async () => {
    const capped = paymentAdminRepository(t.app.db, 5);
    const first = await capped.page({ offset: 0, limit: 3, sort: 'createdAt', descending: true });
    expect(first).toMatchObject({ total: 5, totalCapped: true });
    expect((await capped.page({ offset: 9, limit: 3, sort: 'createdAt', descending: true })).items).toHaveLength(3);
    const cancelled = (await list('status=CANCELLED')).json().total as number;
    expect(cancelled).toBeLessThanOrEqual(5);
    expect(await capped.page({ offset: 0, limit: 3, sort: 'createdAt', descending: true, status: 'CANCELLED' }))
      .toMatchObject({ total: cancelled, totalCapped: false });
    expect((await list('limit=5')).json()).not.toHaveProperty('totalCapped');
  });

  it('answers a search the same whether its matches are read as a set (few) or by walking the order (many)', async () => {
    const asSet = paymentAdminRepository(t.app.db, 10_000, 1_000);
    const walking = paymentAdminRepository(t.app.db, 10_000, 0);
    for (const q of ['welding', 'PHLEB', 'student@', 'nobody-matches-this']) {
      for (const status of [undefined, 'CANCELLED'] as const) {
        for (const [sort, descending] of [['createdAt', true], ['amount', false], ['user', false]] as const) {
          const query = { offset: 1, limit: 4, sort, descending, q, ...(status ? { status } : {}) };
          const [set, walked] = [await asSet.page(query), await walking.page(query)];
          expect({ q, status, sort, items: set.items }).toEqual({ q, status, sort, items: walked.items });
        }
      }
    }
    const welding = { offset: 0, limit: 20, sort: 'createdAt', descending: true, q: 'welding' } as const;
    expect(await asSet.page(welding)).toMatchObject({ total: 6, totalCapped: false });
    expect(await asSet.page({ ...welding, status: 'CANCELLED' })).toMatchObject({ total: 2, totalCapped: false });
    // Past the set's limit the matches are not counted: the admin is told there are more.
    expect(await paymentAdminRepository(t.app.db, 10_000, 5).page(welding)).toMatchObject({ total: 5, totalCapped: true });
    expect(await paymentAdminRepository(t.app.db, 10_000, 6).page(welding)).toMatchObject({ total: 6, totalCapped: false });
  });

  it('rejects what it cannot read, and is for admins only', async () => {
    for (const query of ['limit=500', 'page=-1', 'sort=paypalOrderId', 'status=PAID', 'user=1']) {
      expect({ query, status: (await list(query)).statusCode }).toEqual({ query, status: 400 });
    }
    expect((await list('', ids.student.token)).statusCode).toBe(403);
  });
});
