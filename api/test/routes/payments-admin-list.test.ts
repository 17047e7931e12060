import { createTestApp, type TestApp } from '../helpers/app';
import { insertPayments } from '../helpers/payment-rows';
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

  it('rejects what it cannot read, and is for admins only', async () => {
    for (const query of ['limit=500', 'page=-1', 'sort=paypalOrderId', 'status=PAID', 'user=1']) {
      expect({ query, status: (await list(query)).statusCode }).toEqual({ query, status: 400 });
    }
    expect((await list('', ids.student.token)).statusCode).toBe(403);
  });
});
