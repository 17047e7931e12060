// PostgreSQL stopped like a crash (pg_ctl stop -m immediate): courses, login and register answer 503 with
// Retry-After at once (no 500, nothing hangs); after PostgreSQL starts again the API recovers by itself.
import { hasRetryAfter, loop, newAccount } from '../lib/clients.mjs';

const CLIENT_TIMEOUT_MS = 32_000; // REQUEST_TIMEOUT_MS (30 s) + 2 s: anything slower counts as hanging
const QUICK_MS = 6000; // connect timeout (5 s) + margin: a refused database must not take longer

export default {
  name: 'postgres-stopped',
  description: 'PostgreSQL stopped (pg_ctl stop -m immediate): 503 with Retry-After quickly, then recovery',
  timeoutMs: 150_000,
  async run(ctx) {
    const db = await ctx.postgres.createDatabase();
    // No public cache: every read goes to the database, so what is measured is the database path.
    const api = await (await ctx.startApi({ env: { DATABASE_URL: db, PUBLIC_CACHE_TTL_MS: '0' } })).ready();
    const login = { email: 'student@northbridge.example', password: 'Student#2026!' };
    const warm = await ctx.request('POST', `${api.url}/auth/login`, { body: login, timeoutMs: CLIENT_TIMEOUT_MS });
    ctx.check(warm.status === 200, `login works before the stop (${warm.status || warm.error})`);

    await ctx.postgres.stop('immediate');
    const stoppedAt = Date.now();
    ctx.log('PostgreSQL stopped (immediate)');

    const tallies = { courses: new ctx.Tally('GET /api/courses while down'), login: new ctx.Tally('POST /auth/login while down'), register: new ctx.Tally('POST /auth/register while down'), health: new ctx.Tally('GET /health while down') };
    let withoutRetryAfter = 0;
    await loop({ workers: 4, maxRequests: 40, maxMs: 10_000 }, async (i) => {
      const kind = ['courses', 'login', 'register', 'health'][i % 4];
      const res = kind === 'courses' ? await ctx.request('GET', `${api.url}/api/courses`, { timeoutMs: CLIENT_TIMEOUT_MS })
        : kind === 'login' ? await ctx.request('POST', `${api.url}/auth/login`, { body: login, timeoutMs: CLIENT_TIMEOUT_MS })
          : kind === 'register' ? await ctx.request('POST', `${api.url}/auth/register`, { body: newAccount('stopped', i), timeoutMs: CLIENT_TIMEOUT_MS })
            : await ctx.request('GET', `${api.url}/health`, { timeoutMs: CLIENT_TIMEOUT_MS });
      tallies[kind].add(res);
      if (res.status === 503 && !hasRetryAfter(res)) withoutRetryAfter += 1;
    });
    for (const tally of Object.values(tallies)) {
      ctx.report(tally.toString());
      ctx.check(tally.count(503) === tally.total, `${tally.label}: every answer is 503 (${JSON.stringify(tally.counts)})`);
      ctx.check(tally.maxMs <= QUICK_MS, `${tally.label}: answered within ${QUICK_MS} ms (max ${tally.maxMs} ms)`);
    }
    ctx.check(withoutRetryAfter === 0, `${withoutRetryAfter} 503 answers without Retry-After`);

    await ctx.postgres.start();
    ctx.log(`PostgreSQL started again after ${Date.now() - stoppedAt} ms down`);
    const restarted = Date.now();
    const recovery = new ctx.Tally('GET /api/courses until it answers 200');
    await ctx.waitFor(async () => recovery.add(await ctx.request('GET', `${api.url}/api/courses`, { timeoutMs: CLIENT_TIMEOUT_MS })).status === 200, { timeoutMs: 30_000, intervalMs: 250, what: 'courses answer 200 after PostgreSQL is back' });
    ctx.report(`${recovery.toString()}; recovered ${Date.now() - restarted} ms after the restart`);
    const after = await ctx.request('POST', `${api.url}/auth/login`, { body: login, timeoutMs: CLIENT_TIMEOUT_MS });
    ctx.check(after.status === 200, `login works after the restart (${after.status || after.error})`);
    const users = await ctx.postgres.query(db, `SELECT count(*)::int AS n FROM users WHERE email LIKE '%@faults.example'`);
    ctx.report(`database holds ${users[0].n} sign-ups made while it was down (expected 0)`);
    ctx.check(users[0].n === 0, 'no sign-up was stored while PostgreSQL was down');
  },
};
