import { createTestApp, type TestApp } from '../helpers/app';
import { startSandbox, type Sandbox } from '../helpers/paypal';

/** The email outbox (issue 18): durable rows, sent once through EmailJS's REST API, retried with backoff. */
let sandbox: Sandbox;
let t: TestApp;
let second: TestApp;
beforeAll(async () => {
  sandbox = await startSandbox();
  t = await createTestApp({ config: { email: emailConfig(), emailOutbox: { intervalMs: 0, maxAttempts: 3, retryBaseMs: 0, batch: 20 } } });
});
afterAll(async () => {
  await t.close();
  await second?.close();
  await sandbox.close();
});

function emailConfig(overrides: Record<string, unknown> = {}) {
  return {
    apiBase: sandbox.url, serviceId: 'service_sandbox', publicKey: 'sandbox-public-key', privateKey: 'sandbox-private-key',
    templateId: 'template_account', timeoutMs: 2000, ...overrides,
  };
}

const inbox = async () => (await sandbox.app.inject({ method: 'GET', url: '/__inbox/emails' })).json() as { template_id: string; template_params: Record<string, string> }[];
const failNext = (n: number, status = 500) => sandbox.app.inject({ method: 'POST', url: '/__control/emailjs', payload: { failNext: n, status } });
const rowsOf = (to: string) => t.app.db.query<{ status: string; attempts: number; last_error: string | null }>('SELECT status, attempts, last_error FROM email_outbox WHERE to_email = $1', [to]);
const enqueue = (to: string) => t.app.repos.emailOutbox.enqueue({ kind: 'password-changed', toEmail: to, templateParams: { toName: 'Ada' } });
const sentTo = async (to: string) => (await inbox()).filter((m) => m.template_params.to_email === to);

beforeEach(async () => {
  await sandbox.app.inject({ method: 'DELETE', url: '/__inbox' });
});

it('sends a row through the EmailJS REST API with the private key, once, and marks it SENT', async () => {
  await enqueue('once@example.com');
  expect(await t.app.emailOutboxWorker.tick()).toBe(1);
  expect(await t.app.emailOutboxWorker.tick()).toBe(0);
  const mail = await sentTo('once@example.com');
  expect(mail).toHaveLength(1);
  expect(mail[0]).toMatchObject({ template_id: 'template_account', template_params: { subject: 'Your password was changed', to_name: 'Ada' } });
  expect(await rowsOf('once@example.com')).toEqual([{ status: 'SENT', attempts: 1, last_error: null }]);
});

it('retries a failed send (5xx) with backoff, without sending twice, then gives up after maxAttempts', async () => {
  await failNext(1);
  await enqueue('retry@example.com');
  await t.app.emailOutboxWorker.tick();
  expect((await rowsOf('retry@example.com'))[0]).toMatchObject({ status: 'PENDING', attempts: 1, last_error: expect.stringContaining('500') });
  // The admin sees it while it retries.
  expect((await t.app.repos.emailOutbox.unsent()).map((r) => r.toEmail)).toContain('retry@example.com');
  await t.app.emailOutboxWorker.tick();
  await t.app.emailOutboxWorker.tick();
  expect(await sentTo('retry@example.com')).toHaveLength(1);
  expect((await rowsOf('retry@example.com'))[0]).toMatchObject({ status: 'SENT', attempts: 2 });

  await failNext(5);
  await enqueue('never@example.com');
  for (let i = 0; i < 5; i += 1) await t.app.emailOutboxWorker.tick();
  expect((await rowsOf('never@example.com'))[0]).toMatchObject({ status: 'FAILED', attempts: 3 });
  expect(await sentTo('never@example.com')).toHaveLength(0);
  await failNext(0);
});

it('gives up at once when EmailJS refuses the request itself (wrong private key: 403), and shows it to the admin', async () => {
  const wrongKey = await createTestApp({ config: { email: emailConfig({ privateKey: 'not-the-key' }), emailOutbox: { intervalMs: 0, maxAttempts: 5, retryBaseMs: 0, batch: 20 } } });
  try {
    await wrongKey.app.repos.emailOutbox.enqueue({ kind: 'password-changed', toEmail: 'refused@example.com', templateParams: {} });
    await wrongKey.app.emailOutboxWorker.tick();
    const [row] = await wrongKey.app.repos.emailOutbox.unsent();
    expect(row).toMatchObject({ status: 'FAILED', attempts: 1, lastError: expect.stringContaining('403') });
    const admin = await wrongKey.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'admin@northbridge.example', password: 'Admin#2026!' } });
    const list = await wrongKey.app.inject({ method: 'GET', url: '/api/emails/unsent', headers: { authorization: `Bearer ${admin.json().token}` } });
    expect(list.json()).toEqual([expect.objectContaining({ kind: 'password-changed', to: 'refused@example.com', status: 'FAILED', attempts: 1 })]);
  } finally {
    await wrongKey.close();
  }
});

it('cannot send the account template with the public key alone (EmailJS strict mode): refused, nothing sent', async () => {
  // What anyone can read in the site's config.json: the public key and the service. Server mail needs the private key.
  const publicOnly = await createTestApp({ config: { email: emailConfig({ privateKey: '' }), emailOutbox: { intervalMs: 0, maxAttempts: 5, retryBaseMs: 0, batch: 20 } } });
  try {
    await publicOnly.app.repos.emailOutbox.enqueue({ kind: 'password-changed', toEmail: 'phished@example.com', templateParams: {} });
    await publicOnly.app.emailOutboxWorker.tick();
    const [row] = await publicOnly.app.repos.emailOutbox.unsent();
    expect(row).toMatchObject({ status: 'FAILED', attempts: 1, lastError: 'EmailJS answered 403: API calls in strict mode, but no private key was passed' });
    expect(await sentTo('phished@example.com')).toHaveLength(0);
  } finally {
    await publicOnly.close();
  }
});

it('two workers on one database (two API instances) never send the same row twice', async () => {
  // On PGlite the second app is a separate database; with DATABASE_URL it shares the first one's schema.
  if (!process.env.DATABASE_URL) {
    for (let i = 0; i < 10; i += 1) await enqueue(`many${i}@example.com`);
    await Promise.all([t.app.emailOutboxWorker.tick(), t.app.emailOutboxWorker.tick()]);
  } else {
    second = await createTestApp({ schema: t.config.database.schema!, keepData: true, config: { email: emailConfig(), emailOutbox: t.config.emailOutbox } });
    for (let i = 0; i < 10; i += 1) await enqueue(`many${i}@example.com`);
    await Promise.all([t.app.emailOutboxWorker.tick(), second.app.emailOutboxWorker.tick(), t.app.emailOutboxWorker.tick()]);
  }
  const sent = (await inbox()).filter((m) => m.template_params.to_email?.startsWith('many'));
  expect(sent).toHaveLength(10);
  expect(new Set(sent.map((m) => m.template_params.to_email)).size).toBe(10);
});

it('stops with the app: stop() waits for a pass in progress and no timer is left', async () => {
  const app = await createTestApp({ config: { email: emailConfig(), emailOutbox: { intervalMs: 20, maxAttempts: 3, retryBaseMs: 0, batch: 20 } } });
  await app.app.repos.emailOutbox.enqueue({ kind: 'password-changed', toEmail: 'timer@example.com', templateParams: {} });
  for (let i = 0; i < 50 && (await sentTo('timer@example.com')).length === 0; i += 1) await new Promise((r) => setTimeout(r, 50));
  expect(await sentTo('timer@example.com')).toHaveLength(1);
  await app.close();
});
