import { createTestApp } from '../helpers/app';
import { approve, captureCount, clientOrder, deliver, orderIdOfEvent, paypalConfig, sentEvents, webhookHeaders, type Delivery } from '../helpers/paypal';
import { createOrder, paymentCount, paymentsEnvPerFile, program, row } from '../helpers/payments';
import { snapshot } from '../helpers/snapshot';
import { signInSeeded } from '../helpers/tokens';

/**
 * POST /api/payments/webhook. The sandbox records every event it sends (its delivery URL refuses connections);
 * the tests hand the events to the API exactly as PayPal would deliver them, at the moment the story needs.
 */
const env = paymentsEnvPerFile({ webhooks: true });

async function eventFor(orderId: string, type: string): Promise<Delivery> {
  const found = (await sentEvents(env.sandbox)).filter((d) => d.event_type === type && orderIdOfEvent(d) === orderId);
  expect(found.length).toBeGreaterThan(0);
  return found[found.length - 1]!;
}

describe('reconciliation', () => {
  it('captures an order approved at PayPal whose browser never came back', async () => {
    const id = await program(env.t.app, 1100);
    const { orderID } = (await createOrder(env.t.app, env.ids.student.token, id, 1100)).json();
    await approve(env.sandbox, orderID); // the buyer approved, then closed the window
    expect((await row(env.t.app, orderID))!.status).toBe('CREATED');

    const res = await deliver(env.t.app, await eventFor(orderID, 'CHECKOUT.ORDER.APPROVED'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Webhook processed.' });
    expect(await row(env.t.app, orderID)).toMatchObject({ status: 'COMPLETED', payerId: 'SANDBOXBUYER1' });
    expect(await captureCount(env.sandbox, orderID)).toBe(1);

    // PayPal then reports the capture, and may deliver any event twice: nothing changes.
    const captured = await eventFor(orderID, 'PAYMENT.CAPTURE.COMPLETED');
    for (const event of [captured, captured, await eventFor(orderID, 'CHECKOUT.ORDER.APPROVED')]) {
      expect((await deliver(env.t.app, event)).statusCode).toBe(200);
    }
    expect(await captureCount(env.sandbox, orderID)).toBe(1);
    expect(await paymentCount(env.t.app, 'paypal_order_id = $1', [orderID])).toBe(1);
  });

  it('records a completed browser-made capture whose success page never reported it', async () => {
    const id = await program(env.t.app, 650);
    const orderId = await clientOrder(env.sandbox, { value: '650.00', referenceId: id, customId: env.ids.student.userId });
    expect(await row(env.t.app, orderId)).toBeNull();
    expect((await deliver(env.t.app, await eventFor(orderId, 'PAYMENT.CAPTURE.COMPLETED'))).statusCode).toBe(200);
    expect(await row(env.t.app, orderId)).toMatchObject({ status: 'COMPLETED', flow: 'client', userId: env.ids.student.userId, amountCents: 65_000 });
  });

  it('leaves alone a browser-made capture that names no buyer (only its payer can verify it)', async () => {
    const id = await program(env.t.app, 650);
    const orderId = await clientOrder(env.sandbox, { value: '650.00', referenceId: id });
    expect((await deliver(env.t.app, await eventFor(orderId, 'PAYMENT.CAPTURE.COMPLETED'))).statusCode).toBe(200);
    expect(await row(env.t.app, orderId)).toBeNull();
  });

  it('does not capture an order the payer cancelled', async () => {
    const id = await program(env.t.app, 800);
    const { orderID } = (await createOrder(env.t.app, env.ids.student.token, id, 800)).json();
    await env.t.app.inject({ method: 'POST', url: `/api/payment/cancel/${orderID}`, headers: { authorization: `Bearer ${env.ids.student.token}` } });
    await approve(env.sandbox, orderID);
    expect((await deliver(env.t.app, await eventFor(orderID, 'CHECKOUT.ORDER.APPROVED'))).statusCode).toBe(200);
    expect((await row(env.t.app, orderID))!.status).toBe('CANCELLED');
    expect(await captureCount(env.sandbox, orderID)).toBe(0);
  });
});

describe('signature', () => {
  let event: Delivery;
  beforeAll(async () => {
    const id = await program(env.t.app, 900);
    const { orderID } = (await createOrder(env.t.app, env.ids.student.token, id, 900)).json();
    await approve(env.sandbox, orderID);
    event = await eventFor(orderID, 'CHECKOUT.ORDER.APPROVED');
  });

  const refused = async (send: () => ReturnType<typeof deliver>, message: string) => {
    const before = await snapshot(env.t);
    const res = await send();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Bad Request', message });
    expect(await snapshot(env.t)).toEqual(before);
  };

  it('refuses an event whose body was changed after PayPal signed it', async () => {
    const forged = event.body.replace('"APPROVED"', '"COMPLETED"');
    expect(forged).not.toBe(event.body);
    await refused(() => deliver(env.t.app, event, forged), 'The webhook signature could not be verified.');
  });

  it('refuses an event with another transmission signature', async () => {
    await refused(() => deliver(env.t.app, { ...event, transmission_sig: 'Zm9yZ2Vk' }), 'The webhook signature could not be verified.');
  });

  it('refuses an event without the transmission headers, or that is not an event', async () => {
    await refused(() => env.t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json' }, payload: event.body }),
      "The webhook is missing PayPal's transmission headers.");
    for (const body of ['{"event_type":', '[]', '{"id":"WH-1"}', '']) {
      await refused(() => env.t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: webhookHeaders(event), payload: body }),
        'The webhook body is not a PayPal event.');
    }
  });

  it('refuses every event when PAYPAL_WEBHOOK_ID is not the registered webhook', async () => {
    const other = await createTestApp({ config: { paypal: paypalConfig(env.sandbox.url, { webhookId: 'someone-elses-webhook' }) } });
    try {
      const res = await deliver(other.app, event);
      expect(res.json()).toEqual({ error: 'Bad Request', message: 'The webhook signature could not be verified.' });
    } finally {
      await other.close();
    }
  });

  it('answers 502 while PayPal cannot be asked, so that PayPal delivers again later', async () => {
    // Asking PayPal (PAYPAL_WEBHOOK_VERIFY=api), or fetching its certificate (local, the default), fails alike.
    const down = await createTestApp({ config: { paypal: paypalConfig('http://127.0.0.1:9', { webhookVerification: 'api' }) } });
    const noCert = await createTestApp({ config: { paypal: paypalConfig('http://127.0.0.1:9') } });
    try {
      const certDown = { ...event, cert_url: event.cert_url.replace(/^http:\/\/[^/]+/, 'http://127.0.0.1:9') };
      for (const res of [await deliver(down.app, event), await deliver(noCert.app, certDown)]) {
        expect(res.statusCode).toBe(502);
        expect(res.json()).toEqual({ error: 'Bad Gateway', message: 'PayPal could not be reached. Please try again in a moment.' });
      }
    } finally {
      await down.close();
      await noCert.close();
    }
  });
});

describe('live delivery', () => {
  it('reconciles events the sandbox sends to a listening API', async () => {
    const live = await createTestApp({ config: { paypal: paypalConfig(env.sandbox.url) } });
    try {
      const apiUrl = await live.app.listen({ host: '127.0.0.1', port: 0 });
      const { student } = await signInSeeded(live.app);
      const id = await program(live.app, 1000);
      const { orderID } = (await createOrder(live.app, student.token, id, 1000)).json();
      env.sandbox.app.sandbox.options.webhookUrl = `${apiUrl}/api/payments/webhook`;
      await approve(env.sandbox, orderID);
      await env.sandbox.app.sandbox.webhooks.idle();
      expect(await row(live.app, orderID)).toMatchObject({ status: 'COMPLETED' });
      const deliveries = (await sentEvents(env.sandbox)).filter((d) => orderIdOfEvent(d) === orderID) as (Delivery & { status: string })[];
      expect(deliveries.map((d) => [d.event_type, d.status])).toEqual([
        ['CHECKOUT.ORDER.APPROVED', 'delivered'], ['PAYMENT.CAPTURE.COMPLETED', 'delivered'],
      ]);
    } finally {
      env.sandbox.app.sandbox.options.webhookUrl = 'http://127.0.0.1:9/api/payments/webhook';
      await live.close();
    }
  });
});
