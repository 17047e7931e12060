import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy';
import { checkPayment, paymentsEnv, payWithButtons, program, row, type PaymentsEnv } from '../helpers/payments';
import { CLIENT_ID, clientOrder, deliver, sandboxOrder, sentEvents, type Delivery } from '../helpers/paypal';
import { snapshot } from '../helpers/snapshot';
import { bearer } from '../helpers/tokens';

/**
 * Refunds made in PayPal itself (its dashboard) reach the site by the PAYMENT.CAPTURE.REFUNDED webhook, whose
 * resource is the refund (decision 020). The sandbox records each event (its delivery URL refuses connections, or
 * a fault proxy sits between API and PayPal); the tests hand them to the API as PayPal would deliver them.
 */
let env: PaymentsEnv;
let proxy: FaultProxy;
beforeAll(async () => {
  env = await paymentsEnv({
    webhooks: true,
    apiBase: async (sandboxUrl) => (proxy = await startFaultProxy(sandboxUrl)).url,
    paypal: { timeoutMs: 2000 },
  });
});
afterEach(() => {
  proxy.mode = 'pass';
  proxy.only = undefined;
});
afterAll(async () => {
  await env.close();
  await proxy.close();
});

const WEBHOOK_DONE = { message: 'Webhook processed.' };

/** A payment through the buttons; returns our payment id, the order and PayPal's capture id. */
async function paid(price: number, amount = price) {
  const course = await program(env.t.app, price);
  const { orderID, res } = await payWithButtons(env, course, amount);
  expect(res.statusCode).toBe(200);
  const payment = (await row(env.t.app, orderID))!;
  return { course, id: payment.id, orderID, captureId: payment.paypalCaptureId! };
}

/** The institute refunds in PayPal's dashboard (the sandbox's control); returns PayPal's refund. */
async function dashboardRefund(captureId: string, value?: string): Promise<{ id: string; amount: { value: string } }> {
  const res = await env.sandbox.app.inject({
    method: 'POST', url: `/__control/paypal/captures/${captureId}/refund`,
    payload: value ? { amount: { currency_code: 'USD', value } } : {},
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function refundEvent(refundId: string): Promise<Delivery> {
  const found = (await sentEvents(env.sandbox)).filter((d) => d.event_type === 'PAYMENT.CAPTURE.REFUNDED' && JSON.parse(d.body).resource.id === refundId);
  expect(found).toHaveLength(1);
  return found[0]!;
}

const adminRefund = (id: string, payload: object) =>
  env.t.app.inject({ method: 'POST', url: `/api/payments/${id}/refunds`, headers: bearer(env.ids.admin.token), payload });
const listed = async (id: string) =>
  (await env.t.app.inject({ method: 'GET', url: '/api/payments', headers: bearer(env.ids.admin.token) })).json().find((p: { _id: string }) => p._id === id);
const refundMails = async (paymentId: string) =>
  (await env.t.app.db.query<{ p: { amount: number; refundedTotal: number } }>(
    "SELECT template_params AS p FROM email_outbox WHERE kind = 'refund' AND template_params->>'paymentId' = $1 ORDER BY created_at", [paymentId],
  )).map((r) => [r.p.amount, r.p.refundedTotal]);
const refundRows = (paymentId: string) => env.t.app.db.query<{ amount_cents: number; status: string; created_by: string | null; reason: string | null; paypal_refund_id: string }>(
  'SELECT amount_cents, status, created_by, reason, paypal_refund_id FROM payment_refunds WHERE payment_id = $1 ORDER BY created_at, id', [paymentId],
);
/** Everything a refund changes: the payments table, its refunds and the mail outbox. */
async function state() {
  const [extra] = await env.t.app.db.query<{ refunds: string; mails: string }>(
    `SELECT (SELECT md5(coalesce(string_agg(r::text, '|' ORDER BY r.id), '')) FROM payment_refunds r) AS refunds,
            (SELECT md5(coalesce(string_agg(o.id::text || o.dedupe_key, '|' ORDER BY o.id), '')) FROM email_outbox o) AS mails`,
  );
  return { ...(await snapshot(env.t)), ...extra };
}

describe('a refund made in PayPal\'s dashboard', () => {
  it('in full: the payment is REFUNDED, counts nothing, and the student gets the refund email once', async () => {
    const { id, captureId, course } = await paid(1000);
    const refund = await dashboardRefund(captureId);
    const res = await deliver(env.t.app, await refundEvent(refund.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(WEBHOOK_DONE);
    expect(await listed(id)).toMatchObject({ status: 'REFUNDED', refunded: 1000, paidAmount: 0, dueAfter: 1000 });
    expect(await checkPayment(env.t.app, env.ids.student.token, course)).toEqual({ hasPaid: false, amountPaid: 0, dueAmount: 1000 });
    expect(await refundRows(id)).toEqual([
      { amount_cents: 100_000, status: 'COMPLETED', created_by: null, reason: 'Refunded in PayPal (not from this site).', paypal_refund_id: refund.id },
    ]);
    expect(await refundMails(id)).toEqual([[1000, 1000]]);
    const receipt = await env.t.app.inject({ method: 'GET', url: `/api/receipts/${id}`, headers: bearer(env.ids.student.token) });
    expect(receipt.json()).toMatchObject({ status: 'REFUNDED', refunded: 1000 });
    // Nothing is left to refund from the admin page.
    expect((await adminRefund(id, {})).json()).toEqual({ error: 'Unprocessable Entity', message: 'This payment has already been refunded in full.' });
  });

  it('in part, then the rest: PARTIALLY_REFUNDED, then REFUNDED; balances and emails follow each', async () => {
    const { id, captureId, course } = await paid(1200);
    const part = await dashboardRefund(captureId, '200.00');
    expect((await deliver(env.t.app, await refundEvent(part.id))).json()).toEqual(WEBHOOK_DONE);
    expect(await listed(id)).toMatchObject({ status: 'PARTIALLY_REFUNDED', refunded: 200, paidAmount: 1000, dueAfter: 200 });
    expect(await checkPayment(env.t.app, env.ids.student.token, course)).toEqual({ hasPaid: false, amountPaid: 1000, dueAmount: 200 });

    const rest = await dashboardRefund(captureId);
    expect(rest.amount.value).toBe('1000.00');
    expect((await deliver(env.t.app, await refundEvent(rest.id))).json()).toEqual(WEBHOOK_DONE);
    expect(await listed(id)).toMatchObject({ status: 'REFUNDED', refunded: 1200, paidAmount: 0, dueAfter: 1200 });
    expect(await refundMails(id)).toEqual([[200, 200], [1000, 1200]]);
  });

  it('delivered again (or twice at once) changes nothing', async () => {
    const { id, captureId } = await paid(900);
    const event = await refundEvent((await dashboardRefund(captureId, '300.00')).id);
    expect((await deliver(env.t.app, event)).statusCode).toBe(200);
    const before = await state();
    const again = await Promise.all([deliver(env.t.app, event), deliver(env.t.app, event), deliver(env.t.app, event)]);
    expect(again.map((r) => [r.statusCode, r.json()])).toEqual([[200, WEBHOOK_DONE], [200, WEBHOOK_DONE], [200, WEBHOOK_DONE]]);
    expect(await state()).toEqual(before);
    expect(await listed(id)).toMatchObject({ status: 'PARTIALLY_REFUNDED', refunded: 300 });
    expect(await refundMails(id)).toEqual([[300, 300]]);
  });

  it('whose webhook has not come yet is read from PayPal before an admin refund: no refund beyond what PayPal has left', async () => {
    const { id, captureId } = await paid(1000);
    const refund = await dashboardRefund(captureId, '400.00'); // its event is not delivered (yet)
    const tooMuch = await adminRefund(id, { amount: 700 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({ error: 'Bad Request', message: 'The refund may not exceed what is left of the payment ($600).' });
    expect(await listed(id)).toMatchObject({ status: 'PARTIALLY_REFUNDED', refunded: 400, paidAmount: 600 });
    expect(await refundMails(id)).toEqual([[400, 400]]);

    // The late webhook then finds it recorded; what is left can still be refunded, once.
    const before = await state();
    expect((await deliver(env.t.app, await refundEvent(refund.id))).json()).toEqual(WEBHOOK_DONE);
    expect(await state()).toEqual(before);
    const rest = await adminRefund(id, { amount: 600 });
    expect(rest.json()).toMatchObject({ message: 'Refunded $600.', payment: { status: 'REFUNDED', refunded: 1000, paidAmount: 0 } });
    expect((await refundRows(id)).map((r) => [r.amount_cents, r.created_by === null])).toEqual([[40_000, true], [60_000, false]]);
  });

  it('made while the admin page was refunding: PayPal\'s refusal is answered with what is really left', async () => {
    const { id, captureId } = await paid(800);
    // The dashboard refund lands just after the admin page read the order (which did not list it yet).
    const getOrder = env.t.app.paypal.getOrder;
    let first = true;
    env.t.app.paypal.getOrder = async (orderId: string) => {
      const order = await getOrder(orderId);
      if (first) {
        first = false;
        await dashboardRefund(captureId, '500.00');
      }
      return order;
    };
    try {
      const res = await adminRefund(id, { amount: 400 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Bad Request', message: 'The refund may not exceed what is left of the payment ($300).' });
    } finally {
      env.t.app.paypal.getOrder = getOrder;
    }
    expect(await listed(id)).toMatchObject({ status: 'PARTIALLY_REFUNDED', refunded: 500, paidAmount: 300 });
    expect((await refundRows(id)).map((r) => [r.amount_cents, r.status])).toEqual([[40_000, 'FAILED'], [50_000, 'COMPLETED']]);
  });
});

describe('a refund made on the admin page', () => {
  it('is counted once when its own webhook arrives afterwards', async () => {
    const { id } = await paid(1000);
    const res = await adminRefund(id, { amount: 250 });
    expect(res.json()).toMatchObject({ message: 'Refunded $250.', payment: { status: 'PARTIALLY_REFUNDED', refunded: 250, paidAmount: 750 } });
    const [ours] = await refundRows(id);
    const before = await state();
    expect((await deliver(env.t.app, await refundEvent(ours!.paypal_refund_id))).json()).toEqual(WEBHOOK_DONE);
    expect(await state()).toEqual(before);
    expect(await refundMails(id)).toEqual([[250, 250]]);
  });

  it('whose answer was lost is completed by its webhook (found by custom_id), once, and not refunded again', async () => {
    const { id, captureId } = await paid(1000);
    proxy.only = /^POST \/v2\/payments\/captures\/[^/]+\/refund$/;
    proxy.mode = 'drop-response'; // PayPal refunds; the API never hears (the retry with the same key neither)
    const lost = await adminRefund(id, { amount: 300 });
    expect(lost.statusCode).toBe(502);
    expect(lost.json()).toEqual({ error: 'Bad Gateway', message: 'PayPal could not be reached. Please try again in a moment.' });
    expect(await refundRows(id)).toEqual([expect.objectContaining({ amount_cents: 30_000, status: 'PENDING', paypal_refund_id: null })]);
    proxy.mode = 'pass';

    const events = (await sentEvents(env.sandbox)).filter((d) => d.event_type === 'PAYMENT.CAPTURE.REFUNDED');
    const event = events[events.length - 1]!;
    expect((await deliver(env.t.app, event)).json()).toEqual(WEBHOOK_DONE);
    expect((await refundRows(id)).map((r) => [r.amount_cents, r.status, r.created_by === env.ids.admin.userId])).toEqual([[30_000, 'COMPLETED', true]]);
    expect(await listed(id)).toMatchObject({ status: 'PARTIALLY_REFUNDED', refunded: 300, paidAmount: 700 });
    // The next admin refund does not send it again: PayPal holds exactly one refund of $300.
    expect((await adminRefund(id, { amount: 700 })).json()).toMatchObject({ message: 'Refunded $700.', payment: { status: 'REFUNDED', refunded: 1000 } });
    const atPayPal = [...env.sandbox.app.sandbox.state.refunds.values()].filter((r) => r.captureId === captureId).map((r) => r.amount.value);
    expect(atPayPal).toEqual(['300.00', '700.00']);
    expect(await refundMails(id)).toEqual([[300, 300], [700, 1000]]);
  });

  it('and its webhook arriving at the same moment count once (live delivery), whichever records it first', async () => {
    const apiUrl = await env.t.app.listen({ host: '127.0.0.1', port: 0 });
    const options = env.sandbox.app.sandbox.options;
    const previous = options.webhookUrl;
    options.webhookUrl = `${apiUrl}/api/payments/webhook`;
    const refundCapture = env.t.app.paypal.refundCapture;
    try {
      for (const [amount, webhookFirst] of [[100, false], [200, true], [300, false], [400, true]] as const) {
        // webhookFirst: PayPal's answer reaches the admin page only after the webhook about it was handled.
        env.t.app.paypal.refundCapture = webhookFirst
          ? async (...args) => {
            const answer = await refundCapture(...args);
            await env.sandbox.app.sandbox.webhooks.idle();
            return answer;
          }
          : refundCapture;
        const { id } = await paid(600);
        const res = await adminRefund(id, { amount });
        expect(res.json().message).toBe(`Refunded $${amount}.`);
        await env.sandbox.app.sandbox.webhooks.idle();
        const delivered = (await sentEvents(env.sandbox)).filter((d) => d.event_type === 'PAYMENT.CAPTURE.REFUNDED');
        const last = delivered[delivered.length - 1] as Delivery & { status: string };
        expect(last.status).toBe('delivered');
        expect(await listed(id)).toMatchObject({ status: 'PARTIALLY_REFUNDED', refunded: amount, paidAmount: 600 - amount });
        expect((await refundRows(id)).map((r) => [r.amount_cents, r.status, r.created_by === env.ids.admin.userId])).toEqual([[amount * 100, 'COMPLETED', true]]);
        expect(await refundMails(id)).toEqual([[amount, amount]]);
      }
    } finally {
      options.webhookUrl = previous;
      env.t.app.paypal.refundCapture = refundCapture;
    }
  });
});

describe('what the webhook does not believe or cannot do', () => {
  it('refuses a forged or altered refund event and changes nothing', async () => {
    const { captureId } = await paid(700);
    const event = await refundEvent((await dashboardRefund(captureId, '100.00')).id);
    const before = await state();
    const altered = event.body.replace('"100.00"', '"700.00"');
    expect(altered).not.toBe(event.body);
    for (const res of [await deliver(env.t.app, event, altered), await deliver(env.t.app, { ...event, transmission_sig: 'Zm9yZ2Vk' })]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Bad Request', message: 'The webhook signature could not be verified.' });
    }
    expect(await state()).toEqual(before);
  });

  it('ignores (200) a refund of a capture we have no payment for', async () => {
    const course = await program(env.t.app, 650);
    const orderId = await clientOrder(env.sandbox, { value: '650.00', referenceId: course }); // names no buyer: never recorded
    const captureId = (await sandboxOrder(env.sandbox, orderId)).purchase_units[0]!.payments!.captures[0]!.id;
    const event = await refundEvent((await dashboardRefund(captureId)).id);
    const before = await state();
    const res = await deliver(env.t.app, event);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(WEBHOOK_DONE);
    expect(await state()).toEqual(before);
  });

  it('answers 502 while PayPal cannot be asked about the refund, so that PayPal delivers it again', async () => {
    const { id, captureId } = await paid(500);
    const event = await refundEvent((await dashboardRefund(captureId)).id);
    const before = await state();
    proxy.only = /^GET \/v2\/payments\/refunds\//;
    proxy.mode = 'refuse';
    const res = await deliver(env.t.app, event);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: 'Bad Gateway', message: 'PayPal could not be reached. Please try again in a moment.' });
    expect(await state()).toEqual(before);
    proxy.mode = 'pass';
    expect((await deliver(env.t.app, event)).json()).toEqual(WEBHOOK_DONE);
    expect(await listed(id)).toMatchObject({ status: 'REFUNDED', refunded: 500 });
  });
});

describe('settling a payment from PayPal', () => {
  it('counts the refunds of a capture refunded before the API recorded it', async () => {
    const course = await program(env.t.app, 1000);
    const created = await env.t.app.inject({ method: 'POST', url: `/api/payments/create-order/${course}`, headers: bearer(env.ids.student.token), payload: { amount: 1000 } });
    const { orderID } = created.json();
    // The order is approved and captured at PayPal without the API hearing of it, then refunded in part.
    await env.sandbox.app.inject({ method: 'POST', url: `/__control/paypal/orders/${orderID}/approve` });
    const basic = Buffer.from(`${CLIENT_ID}:sandbox-client-secret`).toString('base64');
    const token = (await env.sandbox.app.inject({
      method: 'POST', url: '/v1/oauth2/token', headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'grant_type=client_credentials',
    })).json().access_token;
    await env.sandbox.app.inject({ method: 'POST', url: `/v2/checkout/orders/${orderID}/capture`, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
    const captureId = (await sandboxOrder(env.sandbox, orderID)).purchase_units[0]!.payments!.captures[0]!.id;
    const refund = await dashboardRefund(captureId, '250.00');
    expect((await row(env.t.app, orderID))!.status).toBe('CREATED');

    // The refund's webhook finds the payment by the capture's order, settles it from PayPal, and counts the refund.
    expect((await deliver(env.t.app, await refundEvent(refund.id))).json()).toEqual(WEBHOOK_DONE);
    const payment = (await row(env.t.app, orderID))!;
    expect(await listed(payment.id)).toMatchObject({ status: 'PARTIALLY_REFUNDED', refunded: 250, paidAmount: 750, dueAfter: 250 });
    expect(payment.receiptNumber).toMatch(/^\d{4}-\d{6}$/);
    expect(await refundMails(payment.id)).toEqual([[250, 250]]);
    expect(await checkPayment(env.t.app, env.ids.student.token, course)).toEqual({ hasPaid: false, amountPaid: 750, dueAmount: 250 });
  });
});

describe('the refund email is the "payment refunded" event, written with the refund (decision 053)', () => {
  /** One email per recorded refund: each COMPLETED refund's key once in the outbox, and no other refund key of the payment. */
  async function mailsPerRefund(paymentId: string) {
    const rows = await env.t.app.db.query<{ key: string; n: number }>(
      `SELECT o.dedupe_key AS key, count(*)::int AS n FROM email_outbox o
       WHERE o.kind = 'refund' AND o.template_params->>'paymentId' = $1 GROUP BY o.dedupe_key ORDER BY 1`, [paymentId],
    );
    const completed = await env.t.app.db.query<{ id: string }>("SELECT id FROM payment_refunds WHERE payment_id = $1 AND status = 'COMPLETED' ORDER BY 1", [paymentId]);
    return { mails: rows, completed: completed.map((r) => ({ key: `refund:${r.id}`, n: 1 })).sort((a, b) => a.key.localeCompare(b.key)) };
  }

  /** The transaction that records a refund of `paymentId` fails at its commit, after all its work (the email too) ran. */
  async function failingCommit<T>(paymentId: string, run: () => Promise<T>): Promise<T> {
    const { db } = env.t.app;
    await db.query("CREATE FUNCTION refund_commit_fails() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'commit refused'; END $$");
    await db.query(`CREATE CONSTRAINT TRIGGER refund_commit_fails AFTER UPDATE ON payments DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
      WHEN (NEW.id::text = '${paymentId.replace(/'/g, '')}' AND NEW.refunded_cents > 0) EXECUTE FUNCTION refund_commit_fails()`);
    try {
      return await run();
    } finally {
      await db.query('DROP TRIGGER refund_commit_fails ON payments');
      await db.query('DROP FUNCTION refund_commit_fails()');
    }
  }

  it('a refund whose recording is rolled back sends no email; resumed with the same key, it is recorded and emailed once', async () => {
    const { id, captureId } = await paid(1000);
    const failed = await failingCommit(id, () => adminRefund(id, { amount: 300 }));
    expect(failed.statusCode).toBe(500);
    expect(await refundMails(id)).toEqual([]);
    expect(await refundRows(id)).toEqual([expect.objectContaining({ amount_cents: 30_000, status: 'PENDING', paypal_refund_id: null })]);
    expect(await listed(id)).toMatchObject({ status: 'COMPLETED', paidAmount: 1000 });
    // The next refund request first resumes it (same PayPal-Request-Id: PayPal's one refund of $300), then makes its own.
    expect((await adminRefund(id, { amount: 200 })).json()).toMatchObject({ message: 'Refunded $200.', payment: { status: 'PARTIALLY_REFUNDED', refunded: 500 } });
    const atPayPal = [...env.sandbox.app.sandbox.state.refunds.values()].filter((r) => r.captureId === captureId).map((r) => r.amount.value);
    expect(atPayPal).toEqual(['300.00', '200.00']);
    expect(await refundMails(id)).toEqual([[300, 300], [200, 500]]);
  });

  it('a refund made in PayPal whose webhook is rolled back sends no email; delivered again, one', async () => {
    const { id, captureId } = await paid(800);
    const event = await refundEvent((await dashboardRefund(captureId, '100.00')).id);
    const failed = await failingCommit(id, () => deliver(env.t.app, event));
    expect(failed.statusCode).toBe(500);
    expect(await refundMails(id)).toEqual([]);
    expect(await refundRows(id)).toEqual([]);
    expect((await deliver(env.t.app, event)).json()).toEqual(WEBHOOK_DONE);
    expect(await refundMails(id)).toEqual([[100, 100]]);
  });

  it('a refund whose answer was lost, resumed by two requests at once, is recorded and emailed once', async () => {
    const { id, captureId } = await paid(1000);
    proxy.only = /^POST \/v2\/payments\/captures\/[^/]+\/refund$/;
    proxy.mode = 'drop-response';
    expect((await adminRefund(id, { amount: 300 })).statusCode).toBe(502);
    proxy.mode = 'pass';
    // Both requests resume the $300 with its key (PayPal answers both with the same refund), then each refunds $100.
    const both = await Promise.all([adminRefund(id, { amount: 100 }), adminRefund(id, { amount: 100 })]);
    expect(both.map((res) => res.json().message)).toEqual(['Refunded $100.', 'Refunded $100.']);
    expect((await refundRows(id)).map((r) => [r.amount_cents, r.status])).toEqual([[30_000, 'COMPLETED'], [10_000, 'COMPLETED'], [10_000, 'COMPLETED']]);
    const atPayPal = [...env.sandbox.app.sandbox.state.refunds.values()].filter((r) => r.captureId === captureId).map((r) => r.amount.value);
    expect(atPayPal.sort()).toEqual(['100.00', '100.00', '300.00']);
    const { mails, completed } = await mailsPerRefund(id);
    expect(mails).toEqual(completed);
    expect((await refundMails(id)).map(([amount]) => amount).sort()).toEqual([100, 100, 300]);
    expect(await listed(id)).toMatchObject({ status: 'PARTIALLY_REFUNDED', refunded: 500 });
  });
});
