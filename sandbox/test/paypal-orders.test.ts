import type { FastifyInstance } from 'fastify';
import { approve, capture, createOrder, expectPayPalError, orderBody, sandbox, serverToken } from './support/helpers';

let app: FastifyInstance;
let token: string;
beforeEach(async () => {
  app = await sandbox();
  token = await serverToken(app);
});
afterEach(() => app.close());

const links = (body: { links: { rel: string; href: string; method: string }[] }) => Object.fromEntries(body.links.map((l) => [l.rel, `${l.method} ${l.href}`]));

describe('POST /v2/checkout/orders', () => {
  it('creates a CREATED order with self, approve and capture links (return=minimal)', async () => {
    const response = await createOrder(app, token);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.id).toMatch(/^[0-9A-Z]{17}$/);
    expect(body.status).toBe('CREATED');
    expect(Object.keys(body).sort()).toEqual(['id', 'links', 'status']);
    expect(links(body)).toEqual({
      self: `GET http://sandbox.test/v2/checkout/orders/${body.id}`,
      approve: `GET http://sandbox.test/checkoutnow?token=${body.id}`,
      capture: `POST http://sandbox.test/v2/checkout/orders/${body.id}/capture`,
    });
  });

  it('returns the full order for Prefer: return=representation', async () => {
    const body = (await createOrder(app, token, orderBody(), { prefer: 'return=representation' })).json();
    expect(body).toMatchObject({
      intent: 'CAPTURE', status: 'CREATED',
      purchase_units: [{ reference_id: 'course-1', custom_id: 'user-7', description: 'Payment for Medical Billing', amount: { currency_code: 'USD', value: '100.00' } }],
    });
    expect(body.create_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('answers PAYER_ACTION_REQUIRED with a payer-action link for experience_context return and cancel URLs', async () => {
    const body = (await createOrder(app, token, orderBody('250.00', {
      payment_source: { paypal: { experience_context: { return_url: 'http://site.test/payment-success', cancel_url: 'http://site.test/payment-cancel', user_action: 'PAY_NOW' } } },
    }))).json();
    expect(body.status).toBe('PAYER_ACTION_REQUIRED');
    expect(links(body)).toEqual({
      self: `GET http://sandbox.test/v2/checkout/orders/${body.id}`,
      'payer-action': `GET http://sandbox.test/checkoutnow?token=${body.id}`,
    });
  });

  it('accepts the legacy application_context as PayPal does: CREATED with an approve link', async () => {
    const body = (await createOrder(app, token, orderBody('250.00', {
      application_context: { return_url: 'http://site.test/ok', cancel_url: 'http://site.test/no' },
    }))).json();
    expect(body.status).toBe('CREATED');
    expect(links(body).approve).toBe(`GET http://sandbox.test/checkoutnow?token=${body.id}`);
  });

  it.each([
    ['no intent', { purchase_units: orderBody().purchase_units }, 400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER', '/intent'],
    ['a bad intent', { ...orderBody(), intent: 'SALE' }, 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE', '/intent'],
    ['no purchase units', { intent: 'CAPTURE', purchase_units: [] }, 400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER', '/purchase_units'],
    ['a number as value', { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: 100 } }] }, 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_SYNTAX', "/purchase_units/@reference_id=='default'/amount/value"],
    ['no amount', { intent: 'CAPTURE', purchase_units: [{ description: 'x' }] }, 400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER', "/purchase_units/@reference_id=='default'/amount"],
    ['three decimals', orderBody('10.001'), 422, 'UNPROCESSABLE_ENTITY', 'DECIMAL_PRECISION', undefined],
    ['a zero amount', orderBody('0.00'), 422, 'UNPROCESSABLE_ENTITY', 'CANNOT_BE_ZERO_OR_NEGATIVE', undefined],
    ['a negative amount', orderBody('-5.00'), 422, 'UNPROCESSABLE_ENTITY', 'CANNOT_BE_ZERO_OR_NEGATIVE', undefined],
    ['an unknown currency', { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'XYZ', value: '1.00' } }] }, 422, 'UNPROCESSABLE_ENTITY', 'INVALID_CURRENCY_CODE', undefined],
    ['a 128-character description', { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: '1.00' }, description: 'x'.repeat(128) }] }, 400, 'INVALID_REQUEST', 'INVALID_STRING_LENGTH', undefined],
    ['two units without reference ids', { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: '1.00' } }, { amount: { currency_code: 'USD', value: '1.00' } }] }, 422, 'UNPROCESSABLE_ENTITY', 'REFERENCE_ID_REQUIRED', undefined],
    ['items that do not add up', { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: '20.00', breakdown: { item_total: { currency_code: 'USD', value: '20.00' } } }, items: [{ name: 'Course', quantity: '1', unit_amount: { currency_code: 'USD', value: '15.00' } }] }] }, 422, 'UNPROCESSABLE_ENTITY', 'ITEM_TOTAL_MISMATCH', undefined],
    ['a breakdown that does not add up', { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: '20.00', breakdown: { item_total: { currency_code: 'USD', value: '18.00' } } } }] }, 422, 'UNPROCESSABLE_ENTITY', 'AMOUNT_MISMATCH', undefined],
    ['a relative return_url', orderBody('1.00', { payment_source: { paypal: { experience_context: { return_url: '/ok', cancel_url: 'http://x.test/' } } } }), 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_SYNTAX', '/payment_source/paypal/experience_context/return_url'],
  ])('rejects %s in PayPal\'s error shape', async (_label, body, status, name, issue, field) => {
    const detail = expectPayPalError(await createOrder(app, token, body), status, name, issue);
    if (field) expect(detail?.field).toBe(field);
    expect(app.sandbox.state.orders.size).toBe(0);
  });

  it('accepts itemised orders that add up', async () => {
    const response = await createOrder(app, token, {
      intent: 'CAPTURE',
      purchase_units: [{
        amount: { currency_code: 'USD', value: '25.00', breakdown: { item_total: { currency_code: 'USD', value: '30.00' }, discount: { currency_code: 'USD', value: '5.00' } } },
        items: [{ name: 'Course', quantity: '2', unit_amount: { currency_code: 'USD', value: '15.00' } }],
      }],
    });
    expect(response.statusCode).toBe(201);
  });

  it('answers MALFORMED_REQUEST_JSON for a body that is not JSON', async () => {
    const response = await app.inject({
      method: 'POST', url: '/v2/checkout/orders', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: '{"intent":',
    });
    expectPayPalError(response, 400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON');
  });
});

describe('GET /v2/checkout/orders/:id', () => {
  it('returns the order and 404 RESOURCE_NOT_FOUND for an unknown id', async () => {
    const { id } = (await createOrder(app, token)).json();
    const found = await app.inject({ method: 'GET', url: `/v2/checkout/orders/${id}`, headers: { authorization: `Bearer ${token}` } });
    expect(found.json()).toMatchObject({ id, status: 'CREATED', intent: 'CAPTURE' });
    const missing = await app.inject({ method: 'GET', url: '/v2/checkout/orders/NOPE0000000000000', headers: { authorization: `Bearer ${token}` } });
    expectPayPalError(missing, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
  });
});

describe('POST /v2/checkout/orders/:id/capture', () => {
  it('refuses an order the buyer has not approved: 422 ORDER_NOT_APPROVED', async () => {
    const { id } = (await createOrder(app, token)).json();
    expectPayPalError(await capture(app, token, id), 422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
  });

  it('captures an approved order (201 COMPLETED) and then refuses a second capture', async () => {
    const { id } = (await createOrder(app, token)).json();
    await approve(app, id);
    const response = await capture(app, token, id);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      id, status: 'COMPLETED',
      payer: { payer_id: 'SANDBOXBUYER1', email_address: 'buyer@sandbox.example' },
      purchase_units: [{ reference_id: 'course-1', payments: { captures: [{ status: 'COMPLETED', amount: { currency_code: 'USD', value: '100.00' }, final_capture: true, custom_id: 'user-7' }] } }],
    });
    const captured = body.purchase_units[0].payments.captures[0];
    expect(captured.id).toMatch(/^[0-9A-Z]{17}$/);
    expect(captured.create_time).toMatch(/Z$/);
    expect(captured.seller_receivable_breakdown).toEqual({
      gross_amount: { currency_code: 'USD', value: '100.00' }, paypal_fee: { currency_code: 'USD', value: '3.98' }, net_amount: { currency_code: 'USD', value: '96.02' },
    });
    expectPayPalError(await capture(app, token, id), 422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');

    const read = await app.inject({ method: 'GET', url: `/v2/payments/captures/${captured.id}`, headers: { authorization: `Bearer ${token}` } });
    expect(read.json()).toMatchObject({ id: captured.id, supplementary_data: { related_ids: { order_id: id } } });
  });

  it('answers 404 for an unknown order', async () => {
    expectPayPalError(await capture(app, token, 'NOPE0000000000000'), 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
  });

  it('declines the next capture when told to, then captures', async () => {
    const { id } = (await createOrder(app, token)).json();
    await approve(app, id);
    expect((await app.inject({ method: 'POST', url: '/__control/paypal', payload: { failNextCapture: 1 } })).statusCode).toBe(200);
    expectPayPalError(await capture(app, token, id), 422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED');
    expect((await capture(app, token, id)).statusCode).toBe(201);
  });
});

describe('PayPal-Request-Id idempotency', () => {
  it('replays a create with the same id: 200, the same body, no second order', async () => {
    const first = await createOrder(app, token, orderBody(), { 'paypal-request-id': 'create-1' });
    const replay = await createOrder(app, token, orderBody(), { 'paypal-request-id': 'create-1' });
    expect([first.statusCode, replay.statusCode]).toEqual([201, 200]);
    expect(replay.body).toBe(first.body);
    expect(app.sandbox.state.orders.size).toBe(1);
    const other = await createOrder(app, token, orderBody(), { 'paypal-request-id': 'create-2' });
    expect(other.statusCode).toBe(201);
    expect(other.json().id).not.toBe(first.json().id);
  });

  it('replays a capture with the same id instead of ORDER_ALREADY_CAPTURED', async () => {
    const { id } = (await createOrder(app, token)).json();
    await approve(app, id);
    const first = await capture(app, token, id, { 'paypal-request-id': 'capture-1' });
    const replay = await capture(app, token, id, { 'paypal-request-id': 'capture-1' });
    expect([first.statusCode, replay.statusCode]).toEqual([201, 200]);
    expect(replay.body).toBe(first.body);
  });

  it('does not remember failures, so a retry after approval succeeds', async () => {
    const { id } = (await createOrder(app, token)).json();
    expect((await capture(app, token, id, { 'paypal-request-id': 'retry-1' })).statusCode).toBe(422);
    await approve(app, id);
    expect((await capture(app, token, id, { 'paypal-request-id': 'retry-1' })).statusCode).toBe(201);
  });

  it('rejects a request id longer than 108 characters', async () => {
    expectPayPalError(await createOrder(app, token, orderBody(), { 'paypal-request-id': 'x'.repeat(109) }), 400, 'INVALID_REQUEST', 'INVALID_STRING_LENGTH');
  });
});

describe('purchase_units[].payee', () => {
  const OWN = { email_address: 'merchant@sandbox.example', merchant_id: 'SANDBOXMERCH1' };
  const withPayee = (payee: unknown) => orderBody('100.00', {
    purchase_units: [{ amount: { currency_code: 'USD', value: '100.00' }, reference_id: 'course-1', custom_id: 'user-7', payee }],
  });
  const read = async (id: string) => (await app.inject({ method: 'GET', url: `/v2/checkout/orders/${id}`, headers: { authorization: `Bearer ${token}` } })).json();

  it('is the client id\'s own merchant account when the order names none', async () => {
    const { id } = (await createOrder(app, token)).json();
    expect((await read(id)).purchase_units[0].payee).toEqual(OWN);
  });

  it('keeps another account the creator named, through the capture and the capture\'s own resource', async () => {
    const { id } = (await createOrder(app, token, withPayee({ email_address: 'thief@example.test' }))).json();
    expect((await read(id)).purchase_units[0].payee).toEqual({ email_address: 'thief@example.test' });
    await approve(app, id);
    const captured = (await capture(app, token, id, { prefer: 'return=representation' })).json();
    expect(captured.purchase_units[0].payee).toEqual({ email_address: 'thief@example.test' });
    const captureId = captured.purchase_units[0].payments.captures[0].id;
    const resource = (await app.inject({ method: 'GET', url: `/v2/payments/captures/${captureId}`, headers: { authorization: `Bearer ${token}` } })).json();
    expect(resource.payee).toEqual({ email_address: 'thief@example.test' });
    const other = (await createOrder(app, token, withPayee({ merchant_id: 'OTHERMERCHANT' }))).json();
    expect((await read(other.id)).purchase_units[0].payee).toEqual({ merchant_id: 'OTHERMERCHANT' });
  });

  it('shows the own account in full when the order names it by email or id', async () => {
    for (const payee of [{ email_address: 'Merchant@Sandbox.example' }, { merchant_id: 'SANDBOXMERCH1' }]) {
      const { id } = (await createOrder(app, token, withPayee(payee))).json();
      expect((await read(id)).purchase_units[0].payee).toEqual(OWN);
    }
  });

  it.each([
    ['not an object', 'someone', ''],
    ['a malformed email', { email_address: 'not-an-email' }, '/email_address'],
    ['a malformed merchant id', { merchant_id: 'short' }, '/merchant_id'],
  ])('answers INVALID_PARAMETER_SYNTAX for %s', async (_label, payee, field) => {
    const detail = expectPayPalError(await createOrder(app, token, withPayee(payee)), 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_SYNTAX');
    expect(detail?.field).toBe(`/purchase_units/@reference_id=='course-1'/payee${field}`);
  });
});
