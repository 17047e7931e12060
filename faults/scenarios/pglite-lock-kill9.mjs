// One API per embedded database folder: a second API on the same DATA_DIR refuses to start and names the pid
// holding it; after kill -9 of the holder during sign-ups, a new API takes the stale lock over and every sign-up
// the clients saw confirmed is there, once.
import { readFileSync } from 'node:fs';
import { loop, newAccount } from '../lib/clients.mjs';

const ADMIN = { email: 'admin@northbridge.example', password: 'Admin#2026!' };

export default {
  name: 'pglite-lock-kill9',
  description: 'PGlite: a second API on the same DATA_DIR refuses; kill -9 during sign-ups, restart takes the stale lock',
  timeoutMs: 150_000,
  async run(ctx) {
    const env = { DATABASE_URL: '', DATA_DIR: `${ctx.dir}/shared-data` };
    let first = await (await ctx.startApi({ name: 'api', env })).ready();

    const second = await ctx.startApi({ name: 'api-second', env });
    const exit = await Promise.race([second.exited, ctx.sleep(60_000).then(() => null)]);
    const log = readFileSync(second.logFile, 'utf8');
    ctx.report(`second API on the same DATA_DIR: ${exit ? `exited with ${exit.code ?? exit.signal}` : 'still running after 60 s'}; said: ${log.split('\n').find((l) => l.includes('did not start'))?.slice(0, 160) ?? '(nothing)'}`);
    ctx.check(exit?.code === 1, 'the second API refuses to start (exit 1)');
    ctx.check(log.includes(`pid ${first.pid}`), `its message names the holder (pid ${first.pid})`);
    const stillOk = await ctx.request('GET', `${first.url}/health`, { timeoutMs: 5000 });
    ctx.check(stillOk.status === 200, `the first API is unaffected (/health ${stillOk.status || stillOk.error})`);

    const confirmed = new Set();
    const tally = new ctx.Tally('sign-ups before and during the kill');
    let killed = false;
    const killer = (async () => {
      await ctx.waitFor(() => confirmed.size >= 8 || tally.total >= 100, { timeoutMs: 60_000, intervalMs: 20, what: '8 confirmed sign-ups' });
      await first.kill('SIGKILL');
      killed = true;
    })();
    await loop({ workers: 4, maxRequests: 200, maxMs: 70_000, stop: () => killed }, async (i) => {
      const account = newAccount('pglite', i);
      const res = tally.add(await ctx.request('POST', `${first.url}/auth/register`, { body: account, timeoutMs: 30_000 }));
      if (res.status === 201) confirmed.add(account.email);
    });
    await killer;
    ctx.report(tally.toString());
    ctx.check(tally.count(500) === 0, 'no 500 before the kill');

    const t0 = Date.now();
    first = await (await ctx.startApi({ name: 'api', env })).ready();
    const lock = JSON.parse(readFileSync(`${env.DATA_DIR}/pglite.lock`, 'utf8'));
    ctx.report(`restart on the same DATA_DIR took the stale lock over in ${Date.now() - t0} ms (lock now held by pid ${lock.pid}, the new API is ${first.pid})`);
    ctx.check(lock.pid === first.pid, 'the lock names the new API');

    const admin = await ctx.request('POST', `${first.url}/auth/login`, { body: ADMIN, timeoutMs: 30_000 });
    ctx.check(admin.status === 200, `admin login after the restart (${admin.status || admin.error})`);
    const users = await ctx.request('GET', `${first.url}/api/users`, { headers: { authorization: `Bearer ${admin.body?.token}` }, timeoutMs: 30_000 });
    const list = Array.isArray(users.body) ? users.body : [];
    const counts = new Map();
    for (const u of list) if (u.email.endsWith('@faults.example')) counts.set(u.email.toLowerCase(), (counts.get(u.email.toLowerCase()) ?? 0) + 1);
    const lost = [...confirmed].filter((e) => !counts.has(e));
    const doubled = [...counts].filter(([, n]) => n > 1);
    ctx.report(`database holds ${[...counts.values()].reduce((a, b) => a + b, 0)} test accounts; clients saw ${confirmed.size} confirmed; lost ${lost.length}; doubled ${doubled.length}`);
    ctx.check(users.status === 200, `admin can list users (${users.status || users.error})`);
    ctx.check(lost.length === 0, `confirmed sign-ups missing after restart: ${lost.join(', ')}`);
    ctx.check(doubled.length === 0, `sign-ups stored twice: ${doubled.map(([e]) => e).join(', ')}`);
  },
};
