import type { FastifyInstance } from 'fastify';
import { createOrder, orderBody, sandbox, serverToken } from './support/helpers';

let app: FastifyInstance;
let token: string;
beforeEach(async () => {
  app = await sandbox();
  token = await serverToken(app);
});
afterEach(() => app.close());

const redirectFlow = (description = 'Payment for Medical Billing') =>
  orderBody('250.00', {
    purchase_units: [{ amount: { currency_code: 'USD', value: '250.00' }, description, reference_id: 'course-1' }],
    payment_source: { paypal: { experience_context: { return_url: 'http://site.test/payment-success?from=paypal', cancel_url: 'http://site.test/payment-cancel', brand_name: 'Northbridge' } } },
  });

const form = (url: string, token: string) =>
  app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `token=${token}` });

const status = async (id: string) =>
  (await app.inject({ method: 'GET', url: `/v2/checkout/orders/${id}`, headers: { authorization: `Bearer ${token}` } })).json().status;

describe('GET /checkoutnow', () => {
  it('shows the amount, the description and the two buttons', async () => {
    const { id } = (await createOrder(app, token, redirectFlow())).json();
    const page = await app.inject({ method: 'GET', url: `/checkoutnow?token=${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('$250.00 USD');
    expect(page.body).toContain('Payment for Medical Billing');
    expect(page.body).toContain('Northbridge');
    expect(page.body).toMatch(/<button[^>]*type="submit">Pay now<\/button>/);
    expect(page.body).toMatch(/<button[^>]*type="submit">Cancel and return<\/button>/);
    expect(page.body).toContain(`name="token" value="${id}"`);
  });

  it('groups thousands in the amount as the site writes prices', async () => {
    const order = orderBody('1950.00', {
      purchase_units: [{ amount: { currency_code: 'USD', value: '1950.00' }, description: 'Payment for Pharmacy Technician', reference_id: 'course-2' }],
      payment_source: { paypal: { experience_context: { return_url: 'http://site.test/payment-success', cancel_url: 'http://site.test/payment-cancel' } } },
    });
    const { id } = (await createOrder(app, token, order)).json();
    const page = await app.inject({ method: 'GET', url: `/checkoutnow?token=${id}` });
    expect(page.body).toContain('<strong data-testid="amount">$1,950.00 USD</strong>');
  });

  it('escapes what the merchant sent', async () => {
    const { id } = (await createOrder(app, token, redirectFlow('<script>alert(1)</script>'))).json();
    const page = await app.inject({ method: 'GET', url: `/checkoutnow?token=${id}` });
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).toContain('&lt;script&gt;alert(1)');
  });

  it('answers 404 for an unknown token', async () => {
    const page = await app.inject({ method: 'GET', url: '/checkoutnow?token=UNKNOWN' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Checkout not found');
  });
});

describe('the buyer\'s choices', () => {
  it('Pay now approves and redirects to return_url with token and PayerID, keeping its query', async () => {
    const { id } = (await createOrder(app, token, redirectFlow())).json();
    const response = await form('/checkoutnow/approve', id);
    expect(response.statusCode).toBe(303);
    const target = new URL(response.headers.location as string);
    expect(`${target.origin}${target.pathname}`).toBe('http://site.test/payment-success');
    expect(Object.fromEntries(target.searchParams)).toEqual({ from: 'paypal', token: id, PayerID: 'SANDBOXBUYER1' });
    expect(await status(id)).toBe('APPROVED');
  });

  it('Cancel and return redirects to cancel_url with the token and leaves the order unpaid', async () => {
    const { id } = (await createOrder(app, token, redirectFlow())).json();
    const response = await form('/checkoutnow/cancel', id);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`http://site.test/payment-cancel?token=${id}`);
    expect(await status(id)).toBe('PAYER_ACTION_REQUIRED');
    const [inbox] = (await app.inject({ method: 'GET', url: '/__inbox/orders' })).json();
    expect(inbox.sandbox.buyer_cancelled_at).toMatch(/Z$/);
  });

  it('without a return URL, Pay now shows a confirmation instead of redirecting', async () => {
    const { id } = (await createOrder(app, token)).json();
    const response = await form('/checkoutnow/approve', id);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Payment approved');
  });

  it('answers JSON to JSON callers (the SDK stand-in)', async () => {
    const { id } = (await createOrder(app, token)).json();
    const response = await app.inject({ method: 'POST', url: '/checkoutnow/approve', payload: { token: id } });
    expect(response.json()).toEqual({ orderID: id, payerID: 'SANDBOXBUYER1', status: 'APPROVED' });
    const missing = await app.inject({ method: 'POST', url: '/checkoutnow/approve', payload: { token: 'NOPE' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().name).toBe('RESOURCE_NOT_FOUND');
  });

  it('tells the buyer an order is already paid', async () => {
    const { id } = (await createOrder(app, token)).json();
    await form('/checkoutnow/approve', id);
    await app.inject({ method: 'POST', url: `/v2/checkout/orders/${id}/capture`, headers: { authorization: `Bearer ${token}` } });
    const page = await app.inject({ method: 'GET', url: `/checkoutnow?token=${id}` });
    expect(page.statusCode).toBe(422);
    expect(page.body).toContain('This order has already been paid.');
    expect((await form('/checkoutnow/approve', id)).statusCode).toBe(422);
  });
});
