import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildSandbox, type SandboxOptions } from '../../src/app';

export const CLIENT = { id: 'sandbox-client-id', secret: 'sandbox-client-secret' };
export const basic = (id = CLIENT.id, secret = CLIENT.secret) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

export const sandbox = (options: SandboxOptions = {}) => buildSandbox({ publicUrl: 'http://sandbox.test', ...options });

export async function serverToken(app: FastifyInstance): Promise<string> {
  const response = await app.inject({
    method: 'POST', url: '/v1/oauth2/token', headers: { authorization: basic(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'grant_type=client_credentials',
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ access_token: string }>().access_token;
}

export const orderBody = (value = '100.00', extra: Record<string, unknown> = {}) => ({
  intent: 'CAPTURE',
  purchase_units: [{ amount: { currency_code: 'USD', value }, description: 'Payment for Medical Billing', reference_id: 'course-1', custom_id: 'user-7' }],
  ...extra,
});

export function createOrder(app: FastifyInstance, token: string, body: unknown = orderBody(), headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/v2/checkout/orders', headers: { authorization: `Bearer ${token}`, ...headers }, payload: body as object });
}

export function capture(app: FastifyInstance, token: string, id: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: `/v2/checkout/orders/${id}/capture`, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers } });
}

export const approve = (app: FastifyInstance, id: string) => app.inject({ method: 'POST', url: `/__control/paypal/orders/${id}/approve` });

type Issue = { issue: string; field?: string };
/** Asserts PayPal's v2 error body: name, message, details[0].issue, debug_id, and the PayPal-Debug-Id header. */
export function expectPayPalError(response: LightMyRequestResponse, status: number, name: string, issue?: string): Issue | undefined {
  expect(response.statusCode).toBe(status);
  const body = response.json<{ name: string; message: string; debug_id: string; details?: Issue[] }>();
  expect(body.name).toBe(name);
  expect(typeof body.message).toBe('string');
  expect(body.debug_id).toMatch(/^[0-9a-f]{13}$/);
  expect(response.headers['paypal-debug-id']).toBe(body.debug_id);
  if (issue) expect(body.details?.[0]?.issue).toBe(issue);
  return body.details?.[0];
}
