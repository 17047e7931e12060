import { randomUUID } from 'node:crypto';
import { paymentsEnvPerFile, program } from '../helpers/payments';
import { day, makeStudent } from '../helpers/students';
import { bearer } from '../helpers/tokens';

/** Issue 30: the admin's view of one student's ledger, the one call the ledger dialogs read balances from. */
const env = paymentsEnvPerFile();

const admin = () => bearer(env.ids.admin.token);
const post = (url: string, payload: object) => env.t.app.inject({ method: 'POST', url, headers: admin(), payload });
const ledger = (userId: string, headers = admin()) => env.t.app.inject({ method: 'GET', url: `/api/admin/ledger/students/${userId}`, headers });

const student = async () => (await makeStudent(env.t.app, 'sledger')).userId;

describe('GET /api/admin/ledger/students/:id', () => {
  it('lists each program with its balance, offline payments (voided ones kept) and credits', async () => {
    const courseId = await program(env.t.app, 1000);
    const userId = await student();
    expect((await ledger(userId)).json()).toEqual({ user: expect.objectContaining({ id: userId }), programs: [] });

    await post('/api/admin/ledger/adjustments', { userId, programId: courseId, amount: 100, kind: 'scholarship', reason: 'Merit' });
    const cash = (await post('/api/admin/ledger/offline-payments', {
      userId, programId: courseId, amount: 300, method: 'cash', paidOn: day(0), overBalance: 'refuse', reference: 'Desk 4',
    })).json();
    const check = (await post('/api/admin/ledger/offline-payments', {
      userId, programId: courseId, amount: 200, method: 'check', paidOn: day(0), overBalance: 'refuse',
    })).json();
    await post(`/api/admin/ledger/offline-payments/${check.payment._id}/void`, { reason: 'Bounced' });

    const res = await ledger(userId);
    expect(res.statusCode).toBe(200);
    const [row] = res.json().programs;
    expect(row).toMatchObject({ programId: courseId, kind: 'course', balance: { price: 1000, paid: 300, credit: 100, due: 600 }, enrollments: [] });
    expect(row.offlinePayments.map((p: { _id: string; status: string }) => [p._id, p.status])).toEqual([
      [check.payment._id, 'VOIDED'], [cash.payment._id, 'COMPLETED'],
    ]);
    expect(row.offlinePayments[1].offline).toMatchObject({ method: 'Cash', reference: 'Desk 4' });
    expect(row.adjustments).toEqual([expect.objectContaining({ kind: 'scholarship', amount: 100, reason: 'Merit', voidedAt: null })]);
  });

  it('is for admins only, and names an unknown student', async () => {
    const userId = await student();
    expect((await ledger(userId, bearer(env.ids.student.token))).statusCode).toBe(403);
    expect((await env.t.app.inject({ method: 'GET', url: `/api/admin/ledger/students/${userId}` })).statusCode).toBe(401);
    expect((await ledger(randomUUID())).json()).toEqual({ error: 'Not Found', message: 'Student not found.' });
    expect((await ledger('not-an-id')).statusCode).toBe(404);
  });
});
