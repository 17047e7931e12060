import { approve } from '../helpers/paypal';
import { captureOrder, createOrder, paymentsEnv, program, type PaymentsEnv } from '../helpers/payments';
import { bearer, login } from '../helpers/tokens';

/** GET /api/payments (admin) and GET /api/payments/mine: the contract's shape, newest first. */
let env: PaymentsEnv;
let other: { token: string; userId: string };
beforeAll(async () => {
  env = await paymentsEnv();
  await env.t.app.inject({ method: 'POST', url: '/auth/register', payload: { email: 'payer@example.com', username: 'payer', password: 'Cobalt-Harbor-81' } });
  other = await login(env.t.app, 'payer@example.com', 'Cobalt-Harbor-81');
});
afterAll(() => env.close());

const list = async (url: string, token: string) => env.t.app.inject({ method: 'GET', url, headers: bearer(token) });

async function paid(token: string, programId: string, amount: number): Promise<string> {
  const { orderID } = (await createOrder(env.t.app, token, programId, amount)).json();
  await approve(env.sandbox, orderID);
  await captureOrder(env.t.app, token, orderID, programId);
  return orderID;
}

describe('payment lists', () => {
  let courseId: string;
  let completed: string;
  let open: string;
  beforeAll(async () => {
    courseId = await program(env.t.app, 1250);
    completed = await paid(other.token, courseId, 500);
    open = (await createOrder(env.t.app, other.token, courseId, 750)).json().orderID;
  });

  it('lists every payment for an admin, newest first, in the contract shape', async () => {
    const res = await list('/api/payments', env.ids.admin.token);
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    const ours = rows.filter((p: { paypalOrderId: string }) => [completed, open].includes(p.paypalOrderId));
    expect(ours.map((p: { paypalOrderId: string }) => p.paypalOrderId)).toEqual([open, completed]);
    expect(ours[1]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/), user: { username: 'payer', email: 'payer@example.com' },
      program: { title: expect.any(String), price: 1250 }, amount: 500, currency: 'USD', paypalOrderId: completed,
      status: 'COMPLETED', createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), paidAmount: 500, dueAfter: 750,
      receiptNumber: expect.stringMatching(/^\d{4}-\d{6}$/),
    });
    expect(ours[0]).toMatchObject({ status: 'CREATED', amount: 750 });
    expect(res.body).not.toMatch(/capture_claimed|status_reason|payer_id|argon2/);
  });

  it("is forbidden to a user, who reads only their own payments at /mine", async () => {
    expect((await list('/api/payments', other.token)).statusCode).toBe(403);
    const mine = (await list('/api/payments/mine', other.token)).json();
    expect(mine.map((p: { paypalOrderId: string }) => p.paypalOrderId)).toEqual([open, completed]);
    expect((await list('/api/payments/mine', env.ids.student.token)).json().map((p: { paypalOrderId: string }) => p.paypalOrderId))
      .not.toContain(completed);
  });

  it('keeps the record, with the program as it was, after the program is deleted', async () => {
    const gone = await program(env.t.app, 640);
    const orderId = await paid(env.ids.student.token, gone, 640);
    const title = (await env.t.app.repos.programs.find(gone))!.title;
    await env.t.app.inject({ method: 'DELETE', url: `/api/courses/${gone}`, headers: bearer(env.ids.admin.token) });
    const row = (await list('/api/payments', env.ids.admin.token)).json().find((p: { paypalOrderId: string }) => p.paypalOrderId === orderId);
    expect(row).toMatchObject({ program: { title, price: 640 }, amount: 640, status: 'COMPLETED' });
  });

  it('keeps the record, without the person, after the account is deleted', async () => {
    await env.t.app.inject({ method: 'DELETE', url: `/api/users/${other.userId}`, headers: bearer(env.ids.admin.token) });
    const row = (await list('/api/payments', env.ids.admin.token)).json().find((p: { paypalOrderId: string }) => p.paypalOrderId === completed);
    expect(row).toMatchObject({ user: null, amount: 500, status: 'COMPLETED' });
  });
});
