import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../src/config';
import type { ProgramKind } from '../../src/repositories/programs';
import { createTestApp, type TestApp } from './app';
import { validCourse } from './fixtures';
import { approve, paypalConfig, startSandbox, type Sandbox } from './paypal';
import { bearer, signInSeeded, type Identities } from './tokens';

export interface PaymentsEnv {
  t: TestApp;
  sandbox: Sandbox;
  ids: Identities;
  close(): Promise<void>;
}

/** An API on PGlite (or DATABASE_URL) talking to an in-process PayPal sandbox; `apiBase` puts a proxy between. */
export async function paymentsEnv(options: {
  webhooks?: boolean;
  apiBase?: (sandboxUrl: string) => string | Promise<string>;
  /** PayPal client settings (e.g. a short timeoutMs) and other config (e.g. paymentReconcile). */
  paypal?: Partial<AppConfig['paypal']>;
  config?: Partial<AppConfig>;
  /** The app's injected clock (payment plans and reminders reckon their day with it). */
  now?: () => number;
} = {}): Promise<PaymentsEnv> {
  // Port 9 refuses connections: events are recorded by the sandbox and handed to the API by the test (deliver()).
  const sandbox = await startSandbox(options.webhooks ? { webhookUrl: 'http://127.0.0.1:9/api/payments/webhook' } : {});
  const apiBase = options.apiBase ? await options.apiBase(sandbox.url) : sandbox.url;
  // The certificate stays on the sandbox's own origin when a proxy sits in front of its API, as PayPal's does.
  const paypal = { webhookCertOrigins: paypalConfig(sandbox.url).webhookCertOrigins, ...options.paypal };
  const t = await createTestApp({ config: { paypal: paypalConfig(apiBase, paypal), ...options.config }, ...(options.now ? { now: options.now } : {}) });
  const ids = await signInSeeded(t.app);
  return {
    t, sandbox, ids,
    async close() {
      await t.close();
      await sandbox.close();
    },
  };
}

/**
 * One payments environment for all the tests of a file: made before them, closed after them. Call it at the top of
 * the file; the object it returns is filled in when the tests run.
 */
export function paymentsEnvPerFile(options: Parameters<typeof paymentsEnv>[0] = {}): PaymentsEnv {
  const env = {} as PaymentsEnv;
  beforeAll(async () => {
    Object.assign(env, await paymentsEnv(options));
  }, 120_000);
  afterAll(() => env.close());
  return env;
}

let counter = 0;

/** A course (or quick program) at a known price, so each test owns its balance. */
export async function program(app: FastifyInstance, price: number, kind: ProgramKind = 'course'): Promise<string> {
  const { price: _price, ...fields } = validCourse({ title: `Payments program ${(counter += 1)}` });
  const input = { ...fields, priceCents: Math.round(price * 100) } as unknown as Parameters<typeof app.repos.programs.create>[1];
  const row = await app.repos.programs.create(kind, input);
  return row.id;
}

export const createOrder = (app: FastifyInstance, token: string, programId: string, amount: unknown) =>
  app.inject({ method: 'POST', url: `/api/payments/create-order/${programId}`, headers: bearer(token), payload: { amount } as never });

export const captureOrder = (app: FastifyInstance, token: string, orderID: string, programID: string) =>
  app.inject({ method: 'POST', url: '/api/payments/capture-order', headers: bearer(token), payload: { orderID, programID } });

export const checkPayment = async (app: FastifyInstance, token: string, programId: string) =>
  (await app.inject({ method: 'GET', url: `/api/payments/check/${programId}`, headers: bearer(token) })).json();

/** The stored row of a PayPal order, straight from the table. */
/**
 * A payment through the program page's buttons: create-order (must be accepted), approval at the sandbox, then
 * capture-order; the capture's response is returned for the test to judge.
 */
export async function payWithButtons(env: PaymentsEnv, programId: string, amount: number, token = env.ids.student.token) {
  const created = await createOrder(env.t.app, token, programId, amount);
  expect(created.statusCode).toBe(201);
  const { orderID } = created.json() as { orderID: string };
  await approve(env.sandbox, orderID);
  return { orderID, res: await captureOrder(env.t.app, token, orderID, programId) };
}

export async function row(app: FastifyInstance, orderId: string) {
  return app.repos.payments.byOrderId(orderId);
}

export async function paymentCount(app: FastifyInstance, where = 'true', params: unknown[] = []): Promise<number> {
  const [r] = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM payments WHERE ${where}`, params);
  return r!.n;
}
