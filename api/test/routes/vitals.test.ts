import type { VitalEntry } from '@institute/shared/contract';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, signInSeeded, type Identities } from '../helpers/tokens';
import { vitalsRepository } from '../../src/repositories/vitals';
import { DEFAULT_VITALS_RATE_LIMIT_MAX } from '../../src/config';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let ids: Identities;
beforeAll(async () => {
  t = await createTestApp();
  ids = await signInSeeded(t.app);
});
afterAll(() => t.close());
beforeEach(() => t.app.db.query('DELETE FROM web_vitals'));

const entry = (over: Partial<VitalEntry> = {}): VitalEntry => ({
  metric: 'LCP', value: 1834.2, page: '/courses/:id', navigationType: 'navigate', device: 'mobile',
  versions: { shell: '0.1.0', mf_catalog: '0.2.1' }, ...over,
});

const post = (payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST', url: '/api/vitals', headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload), ...(remoteAddress ? { remoteAddress } : {}),
  });

const count = async () => (await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM web_vitals'))[0]!.n;

/** Fixture rows with a chosen age, inserted behind the API's back. */
async function seed(rows: { metric: string; value: number; page: string; daysAgo: number; versions?: Record<string, string> }[]) {
  for (const r of rows) {
    await t.app.db.query(
      `INSERT INTO web_vitals (recorded_at, metric, value, page, navigation_type, device, versions)
       VALUES ($1, $2, $3, $4, 'navigate', 'desktop', $5::jsonb)`,
      [new Date(Date.now() - r.daysAgo * DAY), r.metric, r.value, r.page, JSON.stringify(r.versions ?? { shell: '0.1.0' })],
    );
  }
}

describe('POST /api/vitals', () => {
  it('stores a JSON batch, answers 204 with no body, and keeps nothing that identifies the visitor', async () => {
    const res = await post({ entries: [entry(), entry({ metric: 'CLS', value: 0.013 }), entry({ metric: 'INP', value: 96 })] },
      { 'user-agent': 'Mozilla/5.0 Test', 'x-forwarded-for': '203.0.113.7' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const rows = await t.app.db.query<Record<string, unknown>>('SELECT * FROM web_vitals ORDER BY metric');
    expect(rows.map((r) => [r.metric, r.value, r.page, r.device, r.navigation_type, r.versions])).toEqual([
      ['CLS', 0.013, '/courses/:id', 'mobile', 'navigate', { shell: '0.1.0', mf_catalog: '0.2.1' }],
      ['INP', 96, '/courses/:id', 'mobile', 'navigate', { shell: '0.1.0', mf_catalog: '0.2.1' }],
      ['LCP', 1834.2, '/courses/:id', 'mobile', 'navigate', { shell: '0.1.0', mf_catalog: '0.2.1' }],
    ]);
    expect(Object.keys(rows[0]!).sort()).toEqual(['device', 'id', 'metric', 'navigation_type', 'page', 'recorded_at', 'value', 'versions']);
    expect(JSON.stringify(rows)).not.toMatch(/Mozilla|203\.0\.113|127\.0\.0\.1/);
  });

  it('accepts a text/plain body (what sendBeacon sends for a string) as JSON', async () => {
    const res = await post(JSON.stringify({ entries: [entry({ page: '/' })] }), { 'content-type': 'text/plain;charset=UTF-8' });
    expect(res.statusCode).toBe(204);
    expect(await count()).toBe(1);
  });

  it('answers 400 in the error shape for a text/plain body that is not JSON', async () => {
    const res = await post('LCP=1800', { 'content-type': 'text/plain' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Bad Request', message: 'The request body is not valid JSON.' });
  });

  it('keeps refusing text/plain on every other route', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/login', headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ email: 'student@northbridge.example', password: 'Student#2026!' }) });
    expect(res.statusCode).toBe(415);
  });

  it.each([
    ['an unknown metric', { entries: [entry({ metric: 'FID' as never })] }],
    ['a raw URL with an id', { entries: [entry({ page: '/courses/3f2a8c1e-7b4d-4e0a-9c55-2d1e6f7a8b90' })] }],
    ['a numeric id', { entries: [entry({ page: '/blog/42' })] }],
    ['a query string', { entries: [entry({ page: '/courses?q=python' })] }],
    ['an absolute URL', { entries: [entry({ page: 'https://site.test/courses' })] }],
    ['a fragment', { entries: [entry({ page: '/about#faq' })] }],
    ['a negative value', { entries: [entry({ value: -1 })] }],
    ['a CLS beyond any real page', { entries: [entry({ metric: 'CLS', value: 60 })] }],
    ['an LCP of a day', { entries: [entry({ value: 86_400_000 })] }],
    ['an INP of ten minutes', { entries: [entry({ metric: 'INP', value: 600_000 })] }],
    ['a value that is not a number', { entries: [entry({ value: '1800' as never })] }],
    ['an unknown navigation type', { entries: [entry({ navigationType: 'teleport' as never })] }],
    ['an unknown device class', { entries: [entry({ device: 'tablet' as never })] }],
    ['an extra field (e.g. a user id)', { entries: [{ ...entry(), userId: 'u-1' }] }],
    ['a user agent at the top level', { entries: [entry()], userAgent: 'Mozilla/5.0' }],
    ['too many modules', { entries: [entry({ versions: Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`mod${i}`, '1.0.0'])) })] }],
    ['a version that is not a version', { entries: [entry({ versions: { shell: '<script>' } })] }],
    ['a module name with spaces', { entries: [entry({ versions: { 'my module': '1.0.0' } })] }],
    ['an empty batch', { entries: [] }],
    ['a batch of 11', { entries: Array.from({ length: 11 }, () => entry()) }],
    ['an array instead of an object', [entry()]],
  ])('refuses %s with 400 and stores nothing', async (_name, payload) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['error', 'message']);
    expect(await count()).toBe(0);
  });

  it('refuses a huge body with 413 and stores nothing', async () => {
    const res = await post({ entries: [entry({ page: `/${'a'.repeat(20_000)}` })] });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'Payload Too Large', message: 'The request body is too large.' });
    expect(await count()).toBe(0);
  });

  it('accepts the largest valid batch: 10 entries with 8 modules each at the longest names and versions', async () => {
    const versions = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`m${i}${'x'.repeat(38)}`, `1.0.0-${'y'.repeat(34)}`]));
    const res = await post({ entries: Array.from({ length: 10 }, () => entry({ versions })) });
    expect(res.statusCode).toBe(204);
    expect(await count()).toBe(10);
  });

  it('accepts the patterns the route table produces, and * for an unknown path', async () => {
    const pages = ['/', '*', '/about', '/quick-programs/:id', '/terms-and-conditions', '/payment-success', '/add-quick-program'];
    const res = await post({ entries: pages.map((page) => entry({ page })) });
    expect(res.statusCode).toBe(204);
    expect(await count()).toBe(pages.length);
  });

  it('needs no token, and a token changes nothing', async () => {
    const res = await post({ entries: [entry()] }, bearer(ids.student.token));
    expect(res.statusCode).toBe(204);
  });

  it(`is rate limited per IP (${DEFAULT_VITALS_RATE_LIMIT_MAX} a minute by default)`, async () => {
    for (let i = 0; i < DEFAULT_VITALS_RATE_LIMIT_MAX; i++) expect((await post({ entries: [entry()] }, {}, '198.51.100.20')).statusCode).toBe(204);
    const limited = await post({ entries: [entry()] }, {}, '198.51.100.20');
    expect(limited.statusCode).toBe(429);
    expect(Object.keys(limited.json()).sort()).toEqual(['error', 'message']);
    // Another address is not affected.
    expect((await post({ entries: [entry()] }, {}, '198.51.100.21')).statusCode).toBe(204);
  });
});

describe('GET /api/admin/vitals', () => {
  const get = (query: string, token?: string) =>
    t.app.inject({ method: 'GET', url: `/api/admin/vitals${query}`, headers: token ? bearer(token) : {} });

  it('is for admins only', async () => {
    expect((await get('')).statusCode).toBe(401);
    expect((await get('', ids.student.token)).statusCode).toBe(403);
    expect((await get('', ids.admin.token)).statusCode).toBe(200);
  });

  it('refuses a window other than 7 or 28 days', async () => {
    for (const q of ['?days=5', '?days=abc', '?days=7&days=28', '?window=7']) {
      const res = await get(q, ids.admin.token);
      expect({ q, status: res.statusCode }).toEqual({ q, status: 400 });
    }
  });

  it('answers an empty report when nothing was reported', async () => {
    const res = await get('?days=28', ids.admin.token);
    expect(res.json()).toMatchObject({ days: 28, pages: [], modules: [] });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('computes the 75th percentile per page and metric, with sample counts', async () => {
    // p75 (continuous) of 1000..5000 is 4000; of 100,200,300,400 is 325; of 0, 0.1, 0.2 is 0.15.
    await seed([
      ...[1000, 5000, 2000, 4000, 3000].map((value) => ({ metric: 'LCP', value, page: '/courses', daysAgo: 1 })),
      ...[400, 100, 300, 200].map((value) => ({ metric: 'INP', value, page: '/courses', daysAgo: 2 })),
      ...[0, 0.2, 0.1].map((value) => ({ metric: 'CLS', value, page: '/', daysAgo: 3 })),
    ]);
    const res = await get('?days=7', ids.admin.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.days).toBe(7);
    expect(new Date(body.to).getTime() - new Date(body.from).getTime()).toBe(7 * DAY);
    expect(body.pages).toEqual([
      { page: '/', metrics: { CLS: { p75: expect.closeTo(0.15, 10), samples: 3 } } },
      { page: '/courses', metrics: { INP: { p75: 325, samples: 4 }, LCP: { p75: 4000, samples: 5 } } },
    ]);
  });

  it('computes the 75th percentile per module version', async () => {
    await seed([
      ...[1000, 2000, 3000, 4000, 5000].map((value) => ({ metric: 'LCP', value, page: '/courses', daysAgo: 1, versions: { shell: '0.1.0', mf_catalog: '0.2.0' } })),
      ...[800, 1200].map((value) => ({ metric: 'LCP', value, page: '/courses', daysAgo: 1, versions: { shell: '0.1.0', mf_catalog: '0.2.1' } })),
    ]);
    const body = (await get('?days=7', ids.admin.token)).json();
    expect(body.modules).toEqual([
      { module: 'mf_catalog', version: '0.2.0', metrics: { LCP: { p75: 4000, samples: 5 } } },
      { module: 'mf_catalog', version: '0.2.1', metrics: { LCP: { p75: 1100, samples: 2 } } },
      // 800,1000,1200,2000,3000,4000,5000: position 4.5 -> 3500
      { module: 'shell', version: '0.1.0', metrics: { LCP: { p75: 3500, samples: 7 } } },
    ]);
  });

  it('counts the last 7 days for days=7 (the default) and the last 28 for days=28', async () => {
    await seed([
      { metric: 'LCP', value: 1000, page: '/blog', daysAgo: 1 },
      { metric: 'LCP', value: 2000, page: '/blog', daysAgo: 6.9 },
      { metric: 'LCP', value: 9000, page: '/blog', daysAgo: 7.1 },
      { metric: 'LCP', value: 9000, page: '/blog', daysAgo: 27.9 },
      { metric: 'LCP', value: 99_000, page: '/blog', daysAgo: 28.1 },
    ]);
    const week = (await get('', ids.admin.token)).json();
    expect(week.days).toBe(7);
    expect(week.pages).toEqual([{ page: '/blog', metrics: { LCP: { p75: 1750, samples: 2 } } }]);
    const month = (await get('?days=28', ids.admin.token)).json();
    expect(month.pages).toEqual([{ page: '/blog', metrics: { LCP: { p75: 9000, samples: 4 } } }]);
  });
});

describe('retention', () => {
  it('deletes rows older than 28 days on insert, at most once an hour', async () => {
    let now = new Date();
    const repo = vitalsRepository(t.app.db, () => now);
    await seed([{ metric: 'LCP', value: 1, page: '/', daysAgo: 29 }, { metric: 'LCP', value: 2, page: '/', daysAgo: 27 }]);
    await repo.record([entry()]);
    const values = async () => (await t.app.db.query<{ value: number }>('SELECT value FROM web_vitals ORDER BY value')).map((r) => r.value);
    expect(await values()).toEqual([2, 1834.2]);

    await seed([{ metric: 'LCP', value: 3, page: '/', daysAgo: 30 }]);
    await repo.record([entry()]);
    expect(await values()).toContain(3); // pruned less than an hour ago

    now = new Date(now.getTime() + 61 * 60 * 1000);
    await repo.record([entry()]);
    expect(await values()).toEqual([2, 1834.2, 1834.2, 1834.2]);
  });

  it('prune() removes exactly what is past the window', async () => {
    await seed([{ metric: 'CLS', value: 0.1, page: '/', daysAgo: 28.01 }, { metric: 'CLS', value: 0.2, page: '/', daysAgo: 27.99 }]);
    expect(await t.app.repos.vitals.prune()).toBe(1);
    expect(await count()).toBe(1);
  });
});
