import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
// The provider sandbox runs in-process, listening on 127.0.0.1:0, exactly as it speaks to the API in `npm start`.
import { buildSandbox, type SandboxOptions } from '@institute/sandbox';
import type { AppConfig } from '../../src/config';

export const CLIENT_ID = 'sandbox-client-id';

export interface Sandbox {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const app = await buildSandbox({ logger: false, ...options });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url, close: () => app.close() };
}

/** The sandbox serves its certificate on its own origin, under both loopback names. */
const certOriginsOf = (apiBase: string): string[] => {
  const { protocol, port } = new URL(apiBase);
  return [`${protocol}//127.0.0.1:${port}`, `${protocol}//localhost:${port}`];
};

/** The API's PayPal settings pointing at a sandbox (or a fault proxy in front of it). */
export const paypalConfig = (apiBase: string, overrides: Partial<AppConfig['paypal']> = {}): AppConfig['paypal'] => ({
  apiBase,
  clientId: CLIENT_ID,
  clientSecret: 'sandbox-client-secret',
  webhookId: 'sandbox-webhook-id',
  timeoutMs: 5000,
  merchant: { id: 'SANDBOXMERCH1', email: 'merchant@sandbox.example' },
  webhookVerification: 'local',
  webhookCertOrigins: certOriginsOf(apiBase),
  ...overrides,
});

export interface SandboxOrder {
  id: string;
  status: string;
  intent: string;
  purchase_units: {
    reference_id: string;
    custom_id?: string;
    description?: string;
    amount: { currency_code: string; value: string };
    payments?: { captures: { id: string; amount: { value: string } }[] };
  }[];
  sandbox: { return_url?: string; cancel_url?: string };
}

export async function sandboxOrders(sandbox: Sandbox): Promise<SandboxOrder[]> {
  return (await sandbox.app.inject({ method: 'GET', url: '/__inbox/orders' })).json();
}

export async function sandboxOrder(sandbox: Sandbox, id: string): Promise<SandboxOrder> {
  const order = (await sandboxOrders(sandbox)).find((o) => o.id === id);
  if (!order) throw new Error(`The sandbox has no order ${id}`);
  return order;
}

export const captureCount = async (sandbox: Sandbox, id: string) =>
  (await sandboxOrder(sandbox, id)).purchase_units.reduce((n, unit) => n + (unit.payments?.captures.length ?? 0), 0);

/** The buyer approves without a browser (the sandbox's test control; it fires CHECKOUT.ORDER.APPROVED). */
export async function approve(sandbox: Sandbox, orderId: string): Promise<void> {
  const res = await sandbox.app.inject({ method: 'POST', url: `/__control/paypal/orders/${orderId}/approve` });
  if (res.statusCode !== 200) throw new Error(`approve failed: ${res.statusCode} ${res.body}`);
}

/** The buyer presses a button on the approval page (form post, as the page does); returns the redirect target. */
export async function pressOnApprovalPage(sandbox: Sandbox, orderId: string, button: 'approve' | 'cancel'): Promise<URL> {
  const res = await sandbox.app.inject({
    method: 'POST', url: `/checkoutnow/${button}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `token=${encodeURIComponent(orderId)}`,
  });
  if (res.statusCode !== 303) throw new Error(`${button} failed: ${res.statusCode} ${res.body}`);
  return new URL(String(res.headers.location));
}

/** The token the JS SDK stand-in is served with: what the browser uses to create and capture its own orders. */
export async function browserToken(sandbox: Sandbox): Promise<string> {
  const script = (await sandbox.app.inject({ method: 'GET', url: `/sdk/js?client-id=${CLIENT_ID}&currency=USD&intent=capture` })).body;
  const token = /"token":"([^"]+)"/.exec(script)?.[1];
  if (!token) throw new Error('No browser token in the SDK script');
  return token;
}

export interface ClientOrderInput {
  value: string;
  referenceId: string;
  currency?: string;
  customId?: string;
  /** The account to be paid, as the buyer's page may name it (PayPal keeps it); none: the merchant's own. */
  payee?: { email_address?: string; merchant_id?: string };
  /** Stop after approval (false) or after creation (null) instead of capturing. */
  capture?: boolean | null;
}

/** What the checkout modal does in the browser: create the order with the client id, approve, capture. */
export async function clientOrder(sandbox: Sandbox, input: ClientOrderInput): Promise<string> {
  const headers = { authorization: `Bearer ${await browserToken(sandbox)}` };
  const unit = {
    reference_id: input.referenceId, description: 'Payment for a course',
    amount: { currency_code: input.currency ?? 'USD', value: input.value },
    ...(input.customId ? { custom_id: input.customId } : {}),
    ...(input.payee ? { payee: input.payee } : {}),
  };
  const created = await sandbox.app.inject({ method: 'POST', url: '/v2/checkout/orders', headers, payload: { intent: 'CAPTURE', purchase_units: [unit] } });
  if (created.statusCode !== 201) throw new Error(`client create failed: ${created.body}`);
  const id: string = created.json().id;
  if (input.capture === null) return id;
  await approve(sandbox, id);
  if (input.capture === false) return id;
  const captured = await sandbox.app.inject({ method: 'POST', url: `/v2/checkout/orders/${id}/capture`, headers: { ...headers, 'content-type': 'application/json' } });
  if (captured.statusCode !== 201) throw new Error(`client capture failed: ${captured.body}`);
  return id;
}

export interface Delivery {
  event_type: string;
  body: string;
  transmission_id: string;
  transmission_time: string;
  transmission_sig: string;
  cert_url: string;
  auth_algo: string;
}

/** Webhook events the sandbox has sent so far (the sandbox must have a webhookUrl; delivery itself may fail). */
export async function sentEvents(sandbox: Sandbox): Promise<Delivery[]> {
  await sandbox.app.sandbox.webhooks.idle();
  return sandbox.app.sandbox.state.webhooks as Delivery[];
}

export const webhookHeaders = (d: Delivery) => ({
  'content-type': 'application/json',
  'paypal-transmission-id': d.transmission_id,
  'paypal-transmission-time': d.transmission_time,
  'paypal-transmission-sig': d.transmission_sig,
  'paypal-cert-url': d.cert_url,
  'paypal-auth-algo': d.auth_algo,
});

/** Hands one recorded event to the API as PayPal would deliver it (same body, same transmission headers). */
export function deliver(api: FastifyInstance, d: Delivery, body = d.body): Promise<LightMyRequestResponse> {
  return api.inject({ method: 'POST', url: '/api/payments/webhook', headers: webhookHeaders(d), payload: body });
}

export const orderIdOfEvent = (d: Delivery): string => {
  const event = JSON.parse(d.body) as { resource: { id: string; supplementary_data?: { related_ids: { order_id: string } } } };
  return event.resource.supplementary_data?.related_ids.order_id ?? event.resource.id;
};
