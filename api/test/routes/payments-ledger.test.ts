import { checkPayment, createOrder, paymentsEnvPerFile, payWithButtons, program } from '../helpers/payments';
import { bearer } from '../helpers/tokens';

/**
 * Issue 14, item 1: only COMPLETED money is paid. Every payment in the lists carries what it counts toward its
 * program (paidAmount) and the program's balance right after it (dueAfter), and both agree with the check call.
 */
const env = paymentsEnvPerFile();

const student = () => env.ids.student.token;
const list = async (url: string, token: string) =>
  (await env.t.app.inject({ method: 'GET', url, headers: bearer(token) })).json() as Array<Record<string, unknown>>;
const cancel = (orderId: string) =>
  env.t.app.inject({ method: 'POST', url: `/api/payment/cancel/${orderId}`, headers: bearer(student()) });

async function pay(programId: string, amount: number) {
  const { orderID, res } = await payWithButtons(env, programId, amount);
  expect(res.statusCode).toBe(200);
  return { orderID, result: res.json() };
}

it('a CANCELLED order counts $0 and leaves the balance where it was; partial payments add up; the last row is the check call', async () => {
  const courseId = await program(env.t.app, 1850);
  const dropped = (await createOrder(env.t.app, student(), courseId, 1850)).json().orderID as string;
  expect((await cancel(dropped)).statusCode).toBe(200);
  const first = await pay(courseId, 500);
  const second = await pay(courseId, 1350);

  const byOrder = (rows: Array<Record<string, unknown>>) => new Map(rows.map((p) => [p.paypalOrderId, p]));
  for (const rows of [await list('/api/payments', env.ids.admin.token), await list('/api/payments/mine', student())]) {
    const ours = byOrder(rows);
    expect(ours.get(dropped)).toMatchObject({ status: 'CANCELLED', amount: 1850, paidAmount: 0, dueAfter: 1850 });
    expect(ours.get(first.orderID)).toMatchObject({ status: 'COMPLETED', amount: 500, paidAmount: 500, dueAfter: 1350 });
    expect(ours.get(second.orderID)).toMatchObject({ status: 'COMPLETED', amount: 1350, paidAmount: 1350, dueAfter: 0 });
  }
  const check = await checkPayment(env.t.app, student(), courseId);
  expect(check).toEqual({ hasPaid: true, amountPaid: 1850, dueAmount: 0 });
  // The capture answers carry the same figures for their payment.
  expect(first.result.payment).toMatchObject({ paidAmount: 500, dueAfter: 1350 });
  expect(second.result).toMatchObject({ amountPaid: 1850, dueAmount: 0, payment: { paidAmount: 1350, dueAfter: 0 } });
});

it('an open order pays nothing yet; the balance after it is what was paid before it', async () => {
  const courseId = await program(env.t.app, 1200);
  await pay(courseId, 700);
  const open = (await createOrder(env.t.app, student(), courseId, 500)).json().orderID as string;
  const row = (await list('/api/payments/mine', student())).find((p) => p.paypalOrderId === open);
  expect(row).toMatchObject({ status: 'CREATED', amount: 500, paidAmount: 0, dueAfter: 500 });
  expect(await checkPayment(env.t.app, student(), courseId)).toMatchObject({ amountPaid: 700, dueAmount: 500 });
});

it('balances are per student: another student paying the same program does not change mine', async () => {
  const courseId = await program(env.t.app, 900);
  await pay(courseId, 900);
  const { orderID } = (await createOrder(env.t.app, env.ids.admin.token, courseId, 900)).json();
  const row = (await list('/api/payments', env.ids.admin.token)).find((p) => p.paypalOrderId === orderID);
  expect(row).toMatchObject({ paidAmount: 0, dueAfter: 900 });
});

it('a deleted program keeps its record but has no balance to show', async () => {
  const courseId = await program(env.t.app, 640);
  const { orderID } = await pay(courseId, 640);
  await env.t.app.inject({ method: 'DELETE', url: `/api/courses/${courseId}`, headers: bearer(env.ids.admin.token) });
  const row = (await list('/api/payments', env.ids.admin.token)).find((p) => p.paypalOrderId === orderID);
  expect(row).toMatchObject({ amount: 640, paidAmount: 640, dueAfter: null, program: { price: 640 } });
});
