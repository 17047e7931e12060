// PostgreSQL frozen (SIGSTOP on the postmaster and every backend: connections open, nothing answers). /health
// answers 503 within 2 s; courses, login and register answer (503) within the API's timeouts instead of hanging;
// after SIGCONT the API recovers by itself.
import { hasRetryAfter, loop, newAccount } from '../lib/clients.mjs';

const HEALTH_LIMIT_MS = 2000;
// The API's defaults: a query without answer fails after statement timeout + 2 s (12 s), a connection after 5 s,
// and the request deadline is 30 s. A client waits the deadline + 2 s; anything slower is a hanging request.
const CLIENT_TIMEOUT_MS = 32_000;
const FROZEN_FOR_MS = 16_000;

export default {
  name: 'postgres-frozen',
  description: 'PostgreSQL frozen (SIGSTOP): /health 503 within 2 s, nothing hangs, recovery after SIGCONT',
  timeoutMs: 150_000,
  async run(ctx) {
    const db = await ctx.postgres.createDatabase();
    const api = await (await ctx.startApi({ env: { DATABASE_URL: db, PUBLIC_CACHE_TTL_MS: '0' } })).ready();
    const login = { email: 'student@northbridge.example', password: 'Student#2026!' };
    // Fill the pool with open connections first: a frozen server then holds requests on both paths (pooled
    // connections that never answer, new connections that never finish the handshake).
    await Promise.all(Array.from({ length: 10 }, () => ctx.request('GET', `${api.url}/api/courses`, { timeoutMs: 10_000 })));

    const processes = ctx.postgres.freeze();
    const frozenAt = Date.now();
    ctx.log(`PostgreSQL frozen (SIGSTOP on ${processes} processes)`);

    const health = new ctx.Tally('GET /health while frozen');
    const others = { courses: new ctx.Tally('GET /api/courses while frozen'), login: new ctx.Tally('POST /auth/login while frozen'), register: new ctx.Tally('POST /auth/register while frozen') };
    let withoutRetryAfter = 0;
    const sent = [];
    const healthLoop = loop({ workers: 1, maxRequests: 40, maxMs: FROZEN_FOR_MS }, async () => {
      const res = health.add(await ctx.request('GET', `${api.url}/health`, { timeoutMs: CLIENT_TIMEOUT_MS }));
      if (res.status === 503 && !hasRetryAfter(res)) withoutRetryAfter += 1;
      await ctx.sleep(400);
    });
    // Requests arrive through the freeze (one every 300 ms per kind, each waiting as long as it takes).
    const kinds = ['courses', 'login', 'register'];
    for (let i = 0; i < 30 && Date.now() - frozenAt < FROZEN_FOR_MS - 4000; i += 1) {
      const kind = kinds[i % 3];
      const call = kind === 'courses' ? ctx.request('GET', `${api.url}/api/courses`, { timeoutMs: CLIENT_TIMEOUT_MS })
        : kind === 'login' ? ctx.request('POST', `${api.url}/auth/login`, { body: login, timeoutMs: CLIENT_TIMEOUT_MS })
          : ctx.request('POST', `${api.url}/auth/register`, { body: newAccount('frozen', i), timeoutMs: CLIENT_TIMEOUT_MS });
      sent.push(call.then((res) => {
        others[kind].add(res);
        if (res.status === 503 && !hasRetryAfter(res)) withoutRetryAfter += 1;
      }));
      await ctx.sleep(300);
    }
    await healthLoop;
    // Thaw only once every request sent during the freeze has its answer (or hit the client timeout).
    await Promise.all(sent);
    const frozenMs = Date.now() - frozenAt;
    ctx.postgres.thaw();
    ctx.log(`PostgreSQL resumed (SIGCONT) after ${frozenMs} ms`);

    ctx.report(health.toString());
    ctx.check(health.total > 0 && health.count(503) === health.total, `/health: every answer is 503 (${JSON.stringify(health.counts)})`);
    ctx.check(health.maxMs <= HEALTH_LIMIT_MS, `/health answered within ${HEALTH_LIMIT_MS} ms (max ${health.maxMs} ms)`);
    for (const tally of Object.values(others)) {
      ctx.report(tally.toString());
      ctx.check(tally.count('timeout') === 0 && tally.count('network') === 0, `${tally.label}: every request answered (${JSON.stringify(tally.counts)})`);
      ctx.check(tally.count(500) === 0, `${tally.label}: no 500`);
      ctx.check(tally.count(503) === tally.total, `${tally.label}: every answer is 503 (${JSON.stringify(tally.counts)})`);
    }
    ctx.check(withoutRetryAfter === 0, `${withoutRetryAfter} 503 answers without Retry-After`);

    const resumed = Date.now();
    const recovery = new ctx.Tally('GET /api/courses until it answers 200');
    await ctx.waitFor(async () => recovery.add(await ctx.request('GET', `${api.url}/api/courses`, { timeoutMs: CLIENT_TIMEOUT_MS })).status === 200, { timeoutMs: 30_000, intervalMs: 250, what: 'courses answer 200 after SIGCONT' });
    ctx.report(`${recovery.toString()}; recovered ${Date.now() - resumed} ms after SIGCONT`);
    const after = await ctx.request('POST', `${api.url}/auth/login`, { body: login, timeoutMs: CLIENT_TIMEOUT_MS });
    const healthAfter = await ctx.request('GET', `${api.url}/health`, { timeoutMs: 5000 });
    ctx.check(after.status === 200, `login works after SIGCONT (${after.status || after.error})`);
    ctx.check(healthAfter.status === 200, `/health is 200 after SIGCONT (${healthAfter.status || healthAfter.error})`);
    // A sign-up answered 503 may still have been committed when the server woke up; none may be stored twice.
    const rows = await ctx.postgres.query(db, `SELECT count(*)::int AS n, count(DISTINCT lower(email))::int AS d FROM users WHERE email LIKE '%@faults.example'`);
    ctx.report(`database holds ${rows[0].n} sign-ups sent while frozen (${rows[0].d} distinct; clients saw ${others.register.count(201)} confirmed)`);
    ctx.check(rows[0].n === rows[0].d, 'no sign-up stored twice');
    ctx.check(rows[0].n >= others.register.count(201), 'every confirmed sign-up is stored');
  },
};
