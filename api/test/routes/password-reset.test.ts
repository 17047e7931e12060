import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, login } from '../helpers/tokens';

/** Forgot, reset and change password (issue 18): same answer for unknown emails, single use, 30 minutes. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
async function student() {
  const name = `reset${(n += 1)}${Date.now().toString(36)}`;
  const email = `${name}@example.com`;
  const res = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { email, username: name, password: 'Cobalt-Harbor-81' } });
  expect(res.statusCode).toBe(201);
  return { email, userId: res.json().userId as string };
}
const forgot = (email: string, ip = '10.0.0.1') => t.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email }, remoteAddress: ip });
const reset = (token: string, password: string) => t.app.inject({ method: 'POST', url: '/auth/reset-password', payload: { token, password } });
/** The link of the newest reset email to `email`, as the outbox holds it before sending. */
async function linkFor(email: string): Promise<string> {
  const rows = await t.app.db.query<{ p: { resetUrl: string } }>(
    "SELECT template_params AS p FROM email_outbox WHERE to_email = $1 AND kind = 'password-reset' ORDER BY created_at DESC LIMIT 1", [email]);
  return rows[0]!.p.resetUrl;
}
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
const mine = (token: string) => t.app.inject({ method: 'GET', url: '/api/payments/mine', headers: bearer(token) });

it('answers the same for an unknown email and a known one, and only the known one gets an email', async () => {
  const { email } = await student();
  const known = await forgot(email);
  const unknown = await forgot(`nobody-${Date.now()}@example.com`);
  expect({ status: known.statusCode, body: known.json() }).toEqual({ status: unknown.statusCode, body: unknown.json() });
  expect(known.json().message).toMatch(/If an account exists for that email/);
  const [count] = await t.app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM email_outbox WHERE kind = 'password-reset' AND to_email LIKE 'nobody-%'");
  expect(count!.n).toBe(0);
  const url = await linkFor(email);
  expect(url).toMatch(/^http:\/\/site\.test\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
  // Only a hash of the token is stored.
  const stored = await t.app.db.query<{ token_hash: string }>('SELECT token_hash FROM password_reset_tokens');
  expect(stored.map((r) => r.token_hash)).not.toContain(tokenOf(url));
});

it('sets a new password once: the old password and every session end, the link cannot be used again', async () => {
  const { email } = await student();
  const session = await login(t.app, email, 'Cobalt-Harbor-81');
  await forgot(email);
  const token = tokenOf(await linkFor(email));
  // A password the policy refuses does not use up the link.
  expect((await reset(token, 'password1')).statusCode).toBe(400);
  const done = await reset(token, 'Quiet-Lantern-52');
  expect({ status: done.statusCode, message: done.json().message }).toEqual({ status: 200, message: expect.stringMatching(/signed out/) });
  expect((await mine(session.token)).statusCode).toBe(401);
  expect((await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password: 'Cobalt-Harbor-81' } })).statusCode).toBe(401);
  expect((await login(t.app, email, 'Quiet-Lantern-52')).token).toBeTruthy();
  const again = await reset(token, 'Another-Lantern-77');
  expect({ status: again.statusCode, body: again.json() }).toEqual({ status: 400, body: { error: 'Bad Request', message: expect.stringMatching(/invalid, expired or already used/) } });
});

it('of two simultaneous resets with one link exactly one succeeds', async () => {
  const { email } = await student();
  await forgot(email);
  const token = tokenOf(await linkFor(email));
  const results = await Promise.all([reset(token, 'Amber-Falcon-31'), reset(token, 'Violet-Meadow-64')]);
  expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
});

it('refuses a link older than 30 minutes', async () => {
  const { email } = await student();
  await forgot(email);
  const token = tokenOf(await linkFor(email));
  await t.app.db.query("UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL");
  expect((await reset(token, 'Amber-Falcon-31')).statusCode).toBe(400);
});

// Issue 28: a stranger's requests must not block the owner's reset, nor flood the owner's inbox.
describe('reset request limits', () => {
  const mails = async (email: string) => (await t.app.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM email_outbox WHERE kind = 'password-reset' AND to_email = $1", [email]))[0]!.n;

  it('refuses a sixth request for one email from one address with Retry-After, counted whether or not the account exists', async () => {
    for (const email of [`limited-${Date.now()}@example.com`, (await student()).email]) {
      for (let i = 0; i < 5; i += 1) expect((await forgot(email, '10.1.0.1')).statusCode).toBe(200);
      const sixth = await forgot(email, '10.1.0.1');
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().message).toMatch(/^Too many password reset requests\. Please try again in \d+ minutes?\.$/);
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it("does not let a stranger's requests block the owner's: the owner, from elsewhere, gets an answer and a working link", async () => {
    const { email } = await student();
    for (let i = 0; i < 6; i += 1) await forgot(email, '10.2.0.1');
    expect((await forgot(email, '10.2.0.1')).statusCode).toBe(429);
    const owner = await forgot(email, '10.2.0.200');
    expect(owner.statusCode).toBe(200);
    expect((await reset(tokenOf(await linkFor(email)), 'Amber-Falcon-31')).statusCode).toBe(200);
  });

  it('sends at most 10 mails per account in a link lifetime, whatever the addresses, with the same answer; every mail sent is a working link', async () => {
    const { email } = await student();
    const answers = new Set<string>();
    for (let i = 0; i < 15; i += 1) {
      const res = await forgot(email, `10.3.0.${i}`);
      expect(res.statusCode).toBe(200);
      answers.add(res.body);
    }
    expect(answers.size).toBe(1);
    expect(await mails(email)).toBe(10);
    const [open] = await t.app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM password_reset_tokens p JOIN users u ON u.id = p.user_id WHERE u.email = $1 AND used_at IS NULL AND expires_at > now()', [email]);
    expect(open!.n).toBe(10);
    // The next link lifetime sends again.
    await t.app.db.query("UPDATE auth_attempts SET window_started_at = now() - interval '31 minutes' WHERE key LIKE 'reset-mail:%'");
    await forgot(email, '10.3.0.99');
    expect(await mails(email)).toBe(11);
  });

  it('makes the browser that followed the link a known one: its sign-ins and resets have their own counters', async () => {
    const { email } = await student();
    await forgot(email, '10.4.0.1');
    const done = await reset(tokenOf(await linkFor(email)), 'Amber-Falcon-31');
    const device = (done.cookies as { name: string; value: string }[]).find((c) => c.name === 'nb_device')!.value;
    for (let i = 0; i < 6; i += 1) await forgot(email, '10.4.0.1');
    expect((await forgot(email, '10.4.0.1')).statusCode).toBe(429);
    const known = await t.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email }, remoteAddress: '10.4.0.1', cookies: { nb_device: device } });
    expect(known.statusCode).toBe(200);
  });
});

describe('POST /auth/change-password', () => {
  const change = (token: string, currentPassword: string, newPassword: string) =>
    t.app.inject({ method: 'POST', url: '/auth/change-password', headers: bearer(token), payload: { currentPassword, newPassword } });

  it('needs the current password and a password the policy accepts', async () => {
    const { email } = await student();
    const { token } = await login(t.app, email, 'Cobalt-Harbor-81');
    expect((await change(token, 'wrong-password', 'Quiet-Lantern-52')).json()).toEqual({ error: 'Bad Request', message: 'Your current password is not correct.' });
    expect((await change(token, 'Cobalt-Harbor-81', '12345678')).statusCode).toBe(400);
    expect((await change(token, 'Cobalt-Harbor-81', 'Cobalt-Harbor-81')).statusCode).toBe(400);
  });

  it('ends the other sessions and gives this one a new token; an email tells the student', async () => {
    const { email } = await student();
    const here = await login(t.app, email, 'Cobalt-Harbor-81');
    const elsewhere = await login(t.app, email, 'Cobalt-Harbor-81');
    const res = await change(here.token, 'Cobalt-Harbor-81', 'Quiet-Lantern-52');
    expect(res.statusCode).toBe(200);
    expect((await mine(res.json().token)).statusCode).toBe(200);
    expect((await mine(elsewhere.token)).statusCode).toBe(401);
    expect((await mine(here.token)).statusCode).toBe(401);
    const [mail] = await t.app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM email_outbox WHERE kind = 'password-changed' AND to_email = $1", [email]);
    expect(mail!.n).toBe(1);
  });
});
