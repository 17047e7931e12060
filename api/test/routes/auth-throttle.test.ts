import type { InjectOptions } from 'fastify';
import { DEV_STUDENT } from '../../src/config';
import { createTestApp, type TestApp } from '../helpers/app';

/** Issue 15, item 6: failed sign-ins count per account and per address; successes never do; counters in PostgreSQL. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: { loginThrottle: { perAccount: 10, perIp: 100, windowMs: 900_000 }, registerRateLimit: { max: 100, windowMs: 3_600_000 } },
  });
});
afterAll(() => t.close());

const PASSWORD = 'Cobalt-Harbor-81';
let ip = 0;
/** A fresh address for each test, as if from another network. */
const newIp = () => `10.0.${Math.floor((ip += 1) / 250)}.${ip % 250}`;
const signIn = (email: string, password: string, from: string) =>
  t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress: from } as InjectOptions);
const register = (name: string, from: string) =>
  t.app.inject({ method: 'POST', url: '/auth/register', payload: { email: `${name}@example.com`, username: name, password: PASSWORD }, remoteAddress: from } as InjectOptions);

async function students(prefix: string, count: number): Promise<string[]> {
  const hash = await t.app.passwords.hash(PASSWORD);
  const emails = Array.from({ length: count }, (_, i) => `${prefix}${i}@example.com`);
  for (const [i, email] of emails.entries()) await t.app.repos.users.create({ email, username: `${prefix}${i}`, passwordHash: hash, role: 'user' });
  return emails;
}

function expectTooMany(res: Awaited<ReturnType<typeof signIn>>, message: RegExp) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ error: 'Too Many Requests', message: expect.stringMatching(message) });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('sign-in throttling', () => {
  it('lets a class of 100 students sign in from one address within a minute', async () => {
    const school = newIp();
    const emails = await students('class', 100);
    const started = Date.now();
    const codes = [];
    for (const email of emails) codes.push((await signIn(email, PASSWORD, school)).statusCode);
    expect(codes).toEqual(Array(100).fill(200));
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it('lets a class sign in even when every student mistypes once', async () => {
    const school = newIp();
    const emails = await students('typo', 40);
    for (const email of emails) expect((await signIn(email, 'Cobalt-Harbor-18', school)).statusCode).toBe(401);
    for (const email of emails) expect((await signIn(email, PASSWORD, school)).statusCode).toBe(200);
  });

  it('refuses the 11th wrong password for one account, even from a new address, and the right one too until the window ends', async () => {
    const [email] = await students('target', 1);
    const attacker = newIp();
    for (let i = 0; i < 10; i += 1) expect((await signIn(email!, `Guess-number-${i}`, attacker)).statusCode).toBe(401);
    const elsewhere = await signIn(email!, 'Guess-number-10', newIp());
    expectTooMany(elsewhere, /^Too many failed sign-in attempts\. Please try again in 15 minutes\.$/);
    expect(Number(elsewhere.headers['retry-after'])).toBeLessThanOrEqual(900);
    expectTooMany(await signIn(email!, PASSWORD, newIp()), /^Too many failed sign-in attempts/);
    // Other accounts from the attacker's address are not locked.
    expect((await signIn(DEV_STUDENT.email, DEV_STUDENT.password, attacker)).statusCode).toBe(200);

    await t.app.db.query("UPDATE auth_attempts SET window_started_at = now() - interval '16 minutes' WHERE key LIKE 'login-account:%'");
    expect((await signIn(email!, PASSWORD, newIp())).statusCode).toBe(200);
  });

  it('counts failures only: successes in between neither count nor forgive', async () => {
    const [email] = await students('mixed', 1);
    const from = newIp();
    for (let i = 0; i < 9; i += 1) expect((await signIn(email!, `Guess-number-${i}`, from)).statusCode).toBe(401);
    for (let i = 0; i < 5; i += 1) expect((await signIn(email!, PASSWORD, from)).statusCode).toBe(200);
    expect((await signIn(email!, 'Guess-number-9', from)).statusCode).toBe(401);
    expect((await signIn(email!, 'Guess-number-10', from)).statusCode).toBe(429);
  });

  it('lets exactly 10 of 20 simultaneous wrong guesses be tried', async () => {
    const [email] = await students('burst', 1);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(email!, `Burst-guess-${i}`, newIp())));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
  });

  it('has a higher ceiling per address, and keeps no email in the clear', async () => {
    const limited = await createTestApp({ config: { loginThrottle: { perAccount: 10, perIp: 5, windowMs: 900_000 } } });
    try {
      const from = '192.0.2.7';
      const attempt = (email: string, password: string, address = from) =>
        limited.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress: address } as InjectOptions);
      for (let i = 0; i < 5; i += 1) expect((await attempt(`nobody${i}@example.com`, 'Wrong-password-1')).statusCode).toBe(401);
      expect((await attempt(DEV_STUDENT.email, DEV_STUDENT.password)).statusCode).toBe(429);
      expect((await attempt(DEV_STUDENT.email, DEV_STUDENT.password, '192.0.2.8')).statusCode).toBe(200);
      const keys = await limited.app.db.query<{ key: string }>('SELECT key FROM auth_attempts');
      expect(keys.map((k) => k.key).join(' ')).not.toMatch(/@|nobody/);
    } finally {
      await limited.close();
    }
  });
});

describe('sign-up throttling', () => {
  it('lets a class of 40 register from one address', async () => {
    const school = newIp();
    for (let i = 0; i < 40; i += 1) expect((await register(`pupil${i}`, school)).statusCode).toBe(201);
  });

  it('refuses sign-ups past the ceiling per address with 429 and Retry-After; other addresses go on', async () => {
    const limited = await createTestApp({ config: { registerRateLimit: { max: 3, windowMs: 3_600_000 }, seedDemoContent: false } });
    try {
      const signUp = (name: string, from: string) => limited.app.inject({
        method: 'POST', url: '/auth/register', payload: { email: `${name}@example.com`, username: name, password: PASSWORD }, remoteAddress: from,
      } as InjectOptions);
      for (let i = 0; i < 3; i += 1) expect((await signUp(`busy${i}`, '198.51.100.1')).statusCode).toBe(201);
      const refused = await signUp('busy3', '198.51.100.1');
      expectTooMany(refused, /^Too many sign-ups from your network\. Please try again in 60 minutes\.$/);
      expect((await signUp('busy3', '198.51.100.2')).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
