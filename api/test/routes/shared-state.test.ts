import { createTestApp, type TestApp } from '../helpers/app';
import { validCourse } from '../helpers/fixtures';
import { bearer, signInSeeded } from '../helpers/tokens';

// State that must agree across API instances lives in the database (decision 019). On a PostgreSQL server two
// apps on one schema stand for two instances; PGlite allows one process, so there the single-app checks run.
const onServer = Boolean(process.env.DATABASE_URL);
const FROZEN = Date.parse('2026-03-01T09:00:00.000Z');

const miss = (t: TestApp, n: number) => t.app.inject({ method: 'GET', url: `/api/no-such-route-${n}` });

describe('rate limits are counted in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('the 404 brake (100 a minute per address) answers 429 on the 101st miss and keeps its counter in a table', async () => {
    for (let n = 0; n < 100; n += 1) expect((await miss(t, n)).statusCode).toBe(404);
    const refused = await miss(t, 100);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('Too Many Requests');
    const [row] = await t.app.db.query<{ hits: number }>("SELECT hits FROM rate_limit_hits WHERE key LIKE '%127.0.0.1'");
    expect(row!.hits).toBe(101);
  });
});

(onServer ? describe : describe.skip)('two instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // The clock never moves, so only a notification can make B read the database again.
    const paymentRateLimit = { max: 3, timeWindowMs: 60_000 };
    a = await createTestApp({ now: () => FROZEN, config: { paymentRateLimit } });
    b = await createTestApp({ now: () => FROZEN, schema: a.config.database.schema!, keepData: true, config: { paymentRateLimit } });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('a course created through A is listed by B within a second, with B\'s cache warm and its TTL frozen', async () => {
    const titles = async (t: TestApp) => (await t.app.inject({ method: 'GET', url: '/api/courses' })).json().map((c: { title: string }) => c.title);
    expect(await titles(b)).not.toContain('Made on A'); // B has cached the list
    const { admin } = await signInSeeded(a.app);
    const created = await a.app.inject({ method: 'POST', url: '/api/courses', headers: bearer(admin.token), payload: validCourse({ title: 'Made on A' }) });
    expect(created.statusCode).toBe(201);
    const start = Date.now();
    while (!(await titles(b)).includes('Made on A')) {
      expect(Date.now() - start).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  it('when the listening connection is cut, B drops its cache at once, reconnects and hears writes again', async () => {
    const titles = async (t: TestApp) => (await t.app.inject({ method: 'GET', url: '/api/courses' })).json().map((c: { title: string }) => c.title);
    const [first] = (await b.app.inject({ method: 'GET', url: '/api/courses' })).json();
    // A change no instance is told about (SQL by hand): B keeps serving its cached list.
    await a.app.db.query('UPDATE programs SET title = $2 WHERE id = $1', [first._id, 'Changed by hand']);
    expect(await titles(b)).not.toContain('Changed by hand');
    const listen = `LISTEN "institute_content_${a.config.database.schema}"`;
    const cut = await a.app.db.query<{ n: number }>('SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE query = $1', [listen]);
    expect(cut[0]!.n).toBe(2);
    const waitFor = async (check: () => Promise<boolean>, limitMs: number) => {
      const start = Date.now();
      while (!(await check())) {
        expect(Date.now() - start).toBeLessThan(limitMs);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    await waitFor(async () => (await titles(b)).includes('Changed by hand'), 1000);
    // Both listen again within about a second; then B caches the list, and a write through A must reach it.
    const listening = async () => (await a.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = $1', [listen]))[0]!.n === 2;
    await waitFor(listening, 5000);
    await titles(b);
    const { admin } = await signInSeeded(a.app);
    await a.app.inject({ method: 'POST', url: '/api/courses', headers: bearer(admin.token), payload: validCourse({ title: 'After the cut' }) });
    await waitFor(async () => (await titles(b)).includes('After the cut'), 1000);
  });

  it('misses spread over A and B trip one shared 404 brake', async () => {
    for (let n = 0; n < 100; n += 1) expect((await miss(n % 2 ? a : b, n)).statusCode).toBe(404);
    expect((await miss(a, 100)).statusCode).toBe(429);
    expect((await miss(b, 101)).statusCode).toBe(429);
  });

  it('the per-user order limit is one budget across both instances', async () => {
    const { student } = await signInSeeded(a.app);
    const [course] = (await a.app.inject({ method: 'GET', url: '/api/courses' })).json();
    const order = (t: TestApp) => t.app.inject({ method: 'POST', url: `/api/payments/create-order/${course._id}`, headers: bearer(student.token), payload: { amount: course.price } });
    // The limit (3 here) is checked before PayPal is asked, so these count whatever PayPal (not running) makes of them.
    const codes = [];
    for (const t of [a, b, a, b, a]) codes.push((await order(t)).statusCode);
    expect(codes.slice(0, 3)).not.toContain(429);
    expect(codes.slice(3)).toEqual([429, 429]);
  });

  // Issue 28: the sign-in counters are rows too, so two instances cannot double a limit, and a known browser's own
  // counter (its cookie is checked with the shared JWT secret) holds on either instance.
  it('failed sign-ins spread over A and B share the limits; the owner\'s known browser gets in on either', async () => {
    const email = `twoinstances${Date.now()}@example.com`;
    const passwordHash = await a.app.passwords.hash('Cobalt-Harbor-81');
    await a.app.repos.users.create({ email, username: `two${Date.now()}`, passwordHash, role: 'user' });
    const signIn = (t: TestApp, password: string, from: string, device?: string) => t.app.inject({
      method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress: from, ...(device ? { cookies: { nb_device: device } } : {}),
    });
    const owner = await signIn(b, 'Cobalt-Harbor-81', '203.0.113.1');
    const device = (owner.cookies as { name: string; value: string }[]).find((c) => c.name === 'nb_device')!.value;
    const codes = [];
    for (let i = 0; i < 11; i += 1) codes.push((await signIn(i % 2 ? a : b, `Wrong-guess-${i}`, '198.51.100.9')).statusCode);
    expect(codes).toEqual([...Array(10).fill(401), 429]);
    for (let i = 0; i < 40; i += 1) await signIn(i % 2 ? a : b, `Spread-guess-${i}`, `198.51.100.${20 + i}`);
    expect((await signIn(a, 'Cobalt-Harbor-81', '198.51.100.99')).statusCode).toBe(429);
    expect((await signIn(a, 'Cobalt-Harbor-81', '198.51.100.99', device)).statusCode).toBe(200);
  });

  it('concurrent hits from both instances are each counted once', async () => {
    await a.app.db.query('DELETE FROM rate_limit_hits');
    const answers = await Promise.all(Array.from({ length: 120 }, (_, n) => miss(n % 2 ? a : b, n)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 404)).toHaveLength(100);
    expect(codes.filter((c) => c === 429)).toHaveLength(20);
  });
});
