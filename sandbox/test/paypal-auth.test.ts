import type { FastifyInstance } from 'fastify';
import { basic, createOrder, expectPayPalError, sandbox, serverToken } from './support/helpers';

let clock = new Date('2026-03-01T10:00:00Z');
let app: FastifyInstance;
beforeEach(async () => {
  clock = new Date('2026-03-01T10:00:00Z');
  app = await sandbox({ now: () => clock });
});
afterEach(() => app.close());

const token = (authorization: string | undefined, payload = 'grant_type=client_credentials') =>
  app.inject({
    method: 'POST', url: '/v1/oauth2/token', payload,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authorization ? { authorization } : {}) },
  });

describe('POST /v1/oauth2/token', () => {
  it('issues a Bearer token for the known client', async () => {
    const response = await token(basic());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 32400, app_id: expect.stringMatching(/^APP-/) });
    expect(body.access_token).toMatch(/^A21AA\w{40}$/);
    expect(body.scope).toContain('https://uri.paypal.com/services/payments/payment');
  });

  it.each([
    ['a wrong secret', basic('sandbox-client-id', 'nope')],
    ['an unknown client', basic('someone-else', 'sandbox-client-secret')],
    ['no credentials', undefined],
  ])('answers 401 invalid_client for %s', async (_label, authorization) => {
    const response = await token(authorization);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'invalid_client', error_description: 'Client Authentication failed' });
  });

  it('answers 400 unsupported_grant_type without client_credentials', async () => {
    expect((await token(basic(), '')).json()).toEqual({ error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
    const wrong = await token(basic(), 'grant_type=password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('unsupported_grant_type');
  });
});

describe('Bearer tokens on the REST API', () => {
  it('refuses a missing or unknown token with AUTHENTICATION_FAILURE', async () => {
    expectPayPalError(await app.inject({ method: 'POST', url: '/v2/checkout/orders', payload: {} }), 401, 'AUTHENTICATION_FAILURE');
    expectPayPalError(await createOrder(app, 'A21AAnot-a-token'), 401, 'AUTHENTICATION_FAILURE');
  });

  it('expires tokens after expires_in seconds', async () => {
    const bearer = await serverToken(app);
    expect((await createOrder(app, bearer)).statusCode).toBe(201);
    clock = new Date(clock.getTime() + 32_400_000);
    expectPayPalError(await createOrder(app, bearer), 401, 'AUTHENTICATION_FAILURE');
  });

  it('lets the browser token of the SDK create orders but not verify webhooks', async () => {
    const sdk = await app.inject({ method: 'GET', url: '/sdk/js?client-id=sandbox-client-id' });
    const browserToken = /"token":"(A21AA\w+)"/.exec(sdk.body)![1]!;
    const created = await createOrder(app, browserToken);
    expect(created.statusCode).toBe(201);
    const verify = await app.inject({
      method: 'POST', url: '/v1/notifications/verify-webhook-signature', headers: { authorization: `Bearer ${browserToken}` }, payload: {},
    });
    expectPayPalError(verify, 403, 'NOT_AUTHORIZED', 'PERMISSION_DENIED');
  });
});
