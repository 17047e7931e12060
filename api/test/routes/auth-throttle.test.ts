import type { InjectOptions } from 'fastify';
import { DEV_STUDENT } from '../../src/config';
import { DEVICE_COOKIE } from '../../src/lib/device-cookie';
import { createTestApp, type TestApp } from '../helpers/app';

/**
 * Issue 15, item 6 and issue 28, item 2: failed sign-ins count per account and client, per account over unknown
 * clients, and per address; successes never do; a browser that signed in before has its own counter; in PostgreSQL.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: { loginThrottle: { perAccount: 10, perAccountAllClients: 50, perIp: 100, windowMs: 900_000 }, registerRateLimit: { max: 100, windowMs: 3_600_000 } },
  });
});
afterAll(() => t.close());

const PASSWORD = 'Cobalt-Harbor-81';
let ip = 0;
/** A fresh address for each test, as if from another network. */
const newIp = () => `10.0.${Math.floor((ip += 1) / 250)}.${ip % 250}`;
const signIn = (email: string, password: string, from: string, device?: string) =>
  t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress: from, ...(device ? { cookies: { [DEVICE_COOKIE]: device } } : {}) } as InjectOptions);
/** The device cookie a successful sign-in sets. */
const deviceOf = (res: Awaited<ReturnType<typeof signIn>>) => (res.cookies as { name: string; value: string }[]).find((c) => c.name === DEVICE_COOKIE)!.value;
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

  it("refuses the 11th wrong password from one address, and the right one from there too, but not the owner elsewhere", async () => {
    const [email] = await students('target', 1);
    const attacker = newIp();
    for (let i = 0; i < 10; i += 1) expect((await signIn(email!, `Guess-number-${i}`, attacker)).statusCode).toBe(401);
    const again = await signIn(email!, 'Guess-number-10', attacker);
    expectTooMany(again, /^Too many failed sign-in attempts\. Please try again in 15 minutes\.$/);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(900);
    expectTooMany(await signIn(email!, PASSWORD, attacker), /^Too many failed sign-in attempts/);
    // The owner, from their own network, is not locked out by a stranger's guesses.
    expect((await signIn(email!, PASSWORD, newIp())).statusCode).toBe(200);
    // Other accounts from the attacker's address are not locked.
    expect((await signIn(DEV_STUDENT.email, DEV_STUDENT.password, attacker)).statusCode).toBe(200);

    await t.app.db.query("UPDATE auth_attempts SET window_started_at = now() - interval '16 minutes' WHERE key LIKE 'login-account-ip:%'");
    expect((await signIn(email!, PASSWORD, attacker)).statusCode).toBe(200);
  });

  it('still limits guesses spread over many addresses: 50 per account from unknown browsers, then 429 for them', async () => {
    const [email] = await students('spread', 1);
    const owner = await signIn(email!, PASSWORD, newIp());
    const device = deviceOf(owner);
    for (let i = 0; i < 50; i += 1) expect((await signIn(email!, `Spread-guess-${i}`, newIp())).statusCode).toBe(401);
    expectTooMany(await signIn(email!, 'Spread-guess-50', newIp()), /^Too many failed sign-in attempts/);
    expectTooMany(await signIn(email!, PASSWORD, newIp()), /^Too many failed sign-in attempts/);
    // The owner's browser, known from an earlier sign-in, is never refused for strangers' guesses, whatever its address.
    expect((await signIn(email!, PASSWORD, newIp(), device)).statusCode).toBe(200);
  });

  it("gives a known browser its own counter: its 10 failures lock only that browser, and a forged or other account's cookie counts as unknown", async () => {
    const [email, other] = await students('devices', 2);
    const from = newIp();
    const device = deviceOf(await signIn(email!, PASSWORD, from));
    const otherDevice = deviceOf(await signIn(other!, PASSWORD, newIp()));
    for (let i = 0; i < 10; i += 1) expect((await signIn(email!, `Device-guess-${i}`, from, device)).statusCode).toBe(401);
    expectTooMany(await signIn(email!, PASSWORD, from, device), /^Too many failed sign-in attempts/);
    // That browser's failures did not move the account's or the address's counters.
    expect((await signIn(email!, PASSWORD, from)).statusCode).toBe(200);
    const [id] = device.split('.');
    for (const cookie of [otherDevice, `${id}.${'A'.repeat(22)}`, 'garbage']) {
      const attacker = newIp();
      for (let i = 0; i < 10; i += 1) expect((await signIn(email!, `Forged-${i}`, attacker, cookie)).statusCode).toBe(401);
      expect((await signIn(email!, PASSWORD, attacker, cookie)).statusCode).toBe(429);
    }
  });

  it('sets the device cookie HttpOnly, SameSite=Strict, for the sign-in routes only, and remembers several accounts', async () => {
    const [first, second] = await students('cookie', 2);
    const res = await signIn(first!, PASSWORD, newIp());
    const cookie = (res.cookies as { name: string; httpOnly?: boolean; sameSite?: string; path?: string; maxAge?: number }[]).find((c) => c.name === DEVICE_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/auth', maxAge: 180 * 86_400 });
    const both = deviceOf(await signIn(second!, PASSWORD, newIp(), deviceOf(res)));
    expect(both.split('.')).toHaveLength(3);
    expect(both.split('.')[0]).toBe(deviceOf(res).split('.')[0]);
    expect(both).not.toMatch(/cookie|@/);
  });

  it('counts failures only: successes in between neither count nor forgive', async () => {
    const [email] = await students('mixed', 1);
    const from = newIp();
    for (let i = 0; i < 9; i += 1) expect((await signIn(email!, `Guess-number-${i}`, from)).statusCode).toBe(401);
    for (let i = 0; i < 5; i += 1) expect((await signIn(email!, PASSWORD, from)).statusCode).toBe(200);
    expect((await signIn(email!, 'Guess-number-9', from)).statusCode).toBe(401);
    expect((await signIn(email!, 'Guess-number-10', from)).statusCode).toBe(429);
  });

  it('lets exactly 10 of 20 simultaneous wrong guesses from one address be tried, and 50 of 60 from 60 addresses', async () => {
    const [email] = await students('burst', 1);
    const from = newIp();
    const codes = (await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(email!, `Burst-guess-${i}`, from)))).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
    const [spread] = await students('burstspread', 1);
    const many = (await Promise.all(Array.from({ length: 60 }, (_, i) => signIn(spread!, `Burst-guess-${i}`, newIp())))).map((r) => r.statusCode);
    expect(many.filter((c) => c === 401)).toHaveLength(50);
    expect(many.filter((c) => c === 429)).toHaveLength(10);
  });

  it('has a higher ceiling per address, and keeps no email in the clear', async () => {
    const limited = await createTestApp({ config: { loginThrottle: { perAccount: 10, perAccountAllClients: 50, perIp: 5, windowMs: 900_000 } } });
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
