import { approve, clientOrder, deliver, orderIdOfEvent, sentEvents, type Delivery } from '../helpers/paypal';
import { captureOrder, checkPayment, createOrder, paymentCount, paymentsEnv, program, row, type PaymentsEnv } from '../helpers/payments';
import { bearer } from '../helpers/tokens';

/**
 * Issue 28, item 1: PayPal keeps the payee an order names, and a browser-made order is written by the buyer's
 * page. Every path that records an order (verify-payment, capture, webhook, reconciler) asks PayPal and records as
 * paid only an order whose payee is the institute's account (PAYPAL_MERCHANT_ID); the sandbox keeps the payee as
 * PayPal does, so these orders really do pay someone else.
 */
let env: PaymentsEnv;
beforeAll(async () => {
  env = await paymentsEnv({ webhooks: true, config: { paymentReconcile: { intervalMs: 0, staleAfterMs: 0 } } });
});
afterAll(() => env.close());

const THIEF = { email_address: 'thief@example.test' };
const REFUSAL = "This payment was sent to another PayPal account, not the institute's, so it cannot be recorded as paid. Please pay again from this site.";
const student = () => env.ids.student.token;
const verify = (orderID: string) =>
  env.t.app.inject({ method: 'POST', url: '/api/verify-payment', headers: bearer(student()), payload: { orderID } });

/** The buyer's page patches the payee of an order we created (PayPal allows it); the sandbox has no PATCH. */
function redirectPayee(orderId: string, payee: { email_address?: string; merchant_id?: string }): void {
  const order = env.sandbox.app.sandbox.state.orders.get(orderId);
  if (!order) throw new Error(`no order ${orderId}`);
  order.purchaseUnits[0]!.payee = payee;
}

async function eventFor(orderId: string, type: string): Promise<Delivery> {
  const found = (await sentEvents(env.sandbox)).filter((d) => d.event_type === type && orderIdOfEvent(d) === orderId);
  expect(found.length).toBeGreaterThan(0);
  return found[found.length - 1]!;
}

describe('POST /api/verify-payment', () => {
  it('refuses a browser-made order that paid another account, and records nothing', async () => {
    const courseId = await program(env.t.app, 700);
    const orderId = await clientOrder(env.sandbox, { value: '700.00', referenceId: courseId, customId: env.ids.student.userId, payee: THIEF });
    const res = await verify(orderId);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: 'Unprocessable Entity', message: REFUSAL });
    expect(await row(env.t.app, orderId)).toBeNull();
    expect(await checkPayment(env.t.app, student(), courseId)).toEqual({ hasPaid: false, amountPaid: 0, dueAmount: 700 });
    expect((await verify(orderId)).json().message).toBe(REFUSAL);
  });

  it('refuses another merchant id too, and accepts an order naming the institute itself', async () => {
    const courseId = await program(env.t.app, 300);
    const other = await clientOrder(env.sandbox, { value: '300.00', referenceId: courseId, customId: env.ids.student.userId, payee: { merchant_id: 'OTHERMERCHANT' } });
    expect((await verify(other)).json().message).toBe(REFUSAL);
    const ours = await clientOrder(env.sandbox, { value: '300.00', referenceId: courseId, customId: env.ids.student.userId, payee: { email_address: 'merchant@sandbox.example' } });
    expect((await verify(ours)).json()).toMatchObject({ payment: { status: 'COMPLETED' }, dueAmount: 0 });
  });
});

describe('capture (the program page and the redirect flow)', () => {
  it('records an order whose payee was changed before the capture as FAILED, never paid', async () => {
    const courseId = await program(env.t.app, 900);
    const { orderID } = (await createOrder(env.t.app, student(), courseId, 900)).json();
    redirectPayee(orderID, THIEF);
    await approve(env.sandbox, orderID);
    const res = await captureOrder(env.t.app, student(), orderID, courseId);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: 'Unprocessable Entity', message: REFUSAL });
    expect(await row(env.t.app, orderID)).toMatchObject({ status: 'FAILED', statusReason: REFUSAL });
    expect(await checkPayment(env.t.app, student(), courseId)).toEqual({ hasPaid: false, amountPaid: 0, dueAmount: 900 });
  });
});

describe('webhook', () => {
  it('does not record a browser-made capture paid to another account', async () => {
    const courseId = await program(env.t.app, 650);
    const orderId = await clientOrder(env.sandbox, { value: '650.00', referenceId: courseId, customId: env.ids.student.userId, payee: THIEF });
    const res = await deliver(env.t.app, await eventFor(orderId, 'PAYMENT.CAPTURE.COMPLETED'));
    expect(res.statusCode).toBe(200);
    expect(await paymentCount(env.t.app, 'paypal_order_id = $1', [orderId])).toBe(0);
  });

  it('records our approved order as FAILED when it captures it and finds another payee', async () => {
    const courseId = await program(env.t.app, 450);
    const { orderID } = (await createOrder(env.t.app, student(), courseId, 450)).json();
    redirectPayee(orderID, { merchant_id: 'OTHERMERCHANT' });
    await approve(env.sandbox, orderID);
    expect((await deliver(env.t.app, await eventFor(orderID, 'CHECKOUT.ORDER.APPROVED'))).statusCode).toBe(200);
    expect(await row(env.t.app, orderID)).toMatchObject({ status: 'FAILED', statusReason: REFUSAL });
  });
});

describe('reconciler', () => {
  it('settles an approved, abandoned order that pays another account as FAILED', async () => {
    const courseId = await program(env.t.app, 1000);
    const { orderID } = (await createOrder(env.t.app, student(), courseId, 1000)).json();
    redirectPayee(orderID, THIEF);
    await approve(env.sandbox, orderID);
    await env.t.app.paymentReconciler.tick();
    expect(await row(env.t.app, orderID)).toMatchObject({ status: 'FAILED', statusReason: REFUSAL });
    expect(await checkPayment(env.t.app, student(), courseId)).toEqual({ hasPaid: false, amountPaid: 0, dueAmount: 1000 });
  });
});
