// kill -9 of the API (on PostgreSQL) while students register at once: every sign-up the client saw confirmed (201)
// is there after the restart, none is doubled, and a client that retries an unanswered sign-up gets 201 or 409.
import { loop, newAccount } from '../lib/clients.mjs';

const WORKERS = 8;
const KILL_AFTER_CONFIRMED = 12;

export default {
  name: 'registrations-kill9',
  description: 'kill -9 of the API during concurrent registrations (PostgreSQL)',
  timeoutMs: 150_000,
  async run(ctx) {
    const db = await ctx.postgres.createDatabase();
    // The whole back end as it runs: the API on PostgreSQL, talking to the provider sandbox.
    const sandbox = await (await ctx.startSandbox()).ready();
    const env = { DATABASE_URL: db, PAYPAL_API_BASE: sandbox.url };
    let api = await (await ctx.startApi({ env })).ready();

    const confirmed = new Set();
    const unanswered = [];
    const before = new ctx.Tally('registrations before and during the kill');
    let killed = false;
    let killAt = 0;
    const accounts = [];
    const killer = (async () => {
      await ctx.waitFor(() => confirmed.size >= KILL_AFTER_CONFIRMED || before.total >= 200, { timeoutMs: 60_000, intervalMs: 20, what: `${KILL_AFTER_CONFIRMED} confirmed sign-ups` });
      killAt = Date.now();
      await api.kill('SIGKILL');
      killed = true;
    })();
    await loop({ workers: WORKERS, maxRequests: 400, maxMs: 70_000, stop: () => killed }, async (i) => {
      const account = newAccount('kill9', i);
      accounts.push(account);
      const res = before.add(await ctx.request('POST', `${api.url}/auth/register`, { body: account, timeoutMs: 30_000 }));
      if (res.status === 201) confirmed.add(account.email);
      else if (res.status === 0) unanswered.push(account);
    });
    await killer;
    ctx.report(before.toString());
    ctx.report(`API killed with SIGKILL ${killAt ? 'after' : 'before'} ${confirmed.size} confirmed sign-ups; ${unanswered.length} requests got no answer`);
    ctx.check(before.count(500) === 0, 'no 500 before the kill');
    ctx.check(before.count('timeout') === 0, 'no request hung past 30 s');

    const restartStarted = Date.now();
    api = await (await ctx.startApi({ env })).ready();
    ctx.report(`restarted and healthy in ${Date.now() - restartStarted} ms`);
    const sandboxUp = await ctx.request('GET', `${sandbox.url}/__inbox/orders`, { timeoutMs: 5000 });
    ctx.check(sandboxUp.status === 200, `the sandbox kept running (${sandboxUp.status || sandboxUp.error})`);

    // The clients that saw no answer try again with the same details, as a student would.
    const retry = new ctx.Tally('retries of unanswered sign-ups after the restart');
    for (const account of unanswered) {
      const res = retry.add(await ctx.request('POST', `${api.url}/auth/register`, { body: account, timeoutMs: 30_000 }));
      ctx.check(res.status === 201 || res.status === 409, `retry of ${account.email} answered ${res.status || res.error} (expected 201 or 409)`);
      if (res.status === 201) confirmed.add(account.email);
    }
    ctx.report(retry.toString());

    const rows = await ctx.postgres.query(db, `SELECT lower(email) AS email, count(*)::int AS n FROM users WHERE email LIKE '%@faults.example' GROUP BY 1`);
    const stored = new Map(rows.map((r) => [r.email, r.n]));
    const lost = [...confirmed].filter((email) => !stored.has(email));
    const doubled = rows.filter((r) => r.n > 1);
    const total = await ctx.postgres.query(db, `SELECT count(*)::int AS n FROM users WHERE email LIKE '%@faults.example'`);
    ctx.report(`database holds ${total[0].n} test accounts (${stored.size} distinct emails); client saw ${confirmed.size} confirmed; lost ${lost.length}; doubled ${doubled.length}`);
    ctx.check(lost.length === 0, `confirmed sign-ups missing after restart: ${lost.join(', ')}`);
    ctx.check(doubled.length === 0, `sign-ups stored twice: ${doubled.map((r) => r.email).join(', ')}`);
    ctx.check(total[0].n === stored.size, 'one row per email');
    ctx.check(confirmed.size >= KILL_AFTER_CONFIRMED, `at least ${KILL_AFTER_CONFIRMED} sign-ups confirmed before the kill`);

    // A confirmed account works after the restart.
    const sample = [...confirmed][0];
    if (sample) {
      const login = await ctx.request('POST', `${api.url}/auth/login`, { body: { email: sample, password: 'Fault#Password1' }, timeoutMs: 30_000 });
      ctx.report(`login of a confirmed account after the restart: ${login.status || login.error}`);
      ctx.check(login.status === 200, 'a confirmed account can sign in after the restart');
    }
  },
};
