import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, signInSeeded, type Identities } from '../helpers/tokens';

let t: TestApp;
let ids: Identities;
beforeAll(async () => {
  t = await createTestApp();
  ids = await signInSeeded(t.app);
});
afterAll(() => t.close());
beforeEach(() => t.app.db.query('DELETE FROM module_events'));

type Event = { module: string; version: string; role: string; kind: string; loadMs?: number };
const ev = (over: Partial<Event> = {}): Event => ({ module: 'mf_catalog', version: '0.2.0', role: 'canary', kind: 'view', ...over });
const post = (payload: unknown, contentType = 'text/plain;charset=UTF-8') => t.app.inject({
  method: 'POST', url: '/api/module-events', headers: { 'content-type': contentType, 'user-agent': 'Mozilla/5.0 Test' },
  payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
});

describe('POST /api/module-events', () => {
  it('stores the batch as text/plain (sendBeacon) with nothing that identifies the visitor', async () => {
    const res = await post({ page: '/courses/:id', events: [ev(), ev({ kind: 'error' }), ev({ version: '0.1.0', role: 'live' })] });
    expect(res.statusCode).toBe(204);
    const rows = await t.app.db.query<Record<string, unknown>>('SELECT * FROM module_events ORDER BY id');
    expect(rows.map((r) => [r.module, r.version, r.role, r.kind, r.page])).toEqual([
      ['mf_catalog', '0.2.0', 'canary', 'view', '/courses/:id'],
      ['mf_catalog', '0.2.0', 'canary', 'error', '/courses/:id'],
      ['mf_catalog', '0.1.0', 'live', 'view', '/courses/:id'],
    ]);
    expect(Object.keys(rows[0]!).sort()).toEqual(['id', 'kind', 'load_ms', 'module', 'page', 'recorded_at', 'role', 'version']);
    expect(JSON.stringify(rows)).not.toMatch(/Mozilla|127\.0\.0\.1/);
  });

  it.each([
    ['an unknown kind', { page: '/', events: [ev({ kind: 'crash' })] }],
    ['an unknown role', { page: '/', events: [ev({ role: 'beta' })] }],
    ['a URL for a page', { page: '/courses/3f2a', events: [ev()] }],
    ['no events', { page: '/', events: [] }],
    ['too many events', { page: '/', events: Array.from({ length: 13 }, () => ev()) }],
    ['an unknown field', { page: '/', events: [{ ...ev(), user: 'x' }] }],
    ['a version with a slash', { page: '/', events: [ev({ version: '../1' })] }],
    ['a load time on an error', { page: '/', events: [ev({ loadMs: 300 }), ev({ kind: 'error', loadMs: 300 })] }],
    ['a negative load time', { page: '/', events: [ev({ loadMs: -1 })] }],
    ['a load time over two minutes', { page: '/', events: [ev({ loadMs: 120_001 })] }],
    ['a fractional load time', { page: '/', events: [ev({ loadMs: 12.5 })] }],
  ])('refuses %s with a 400 and stores nothing', async (_case, body) => {
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    expect((await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM module_events'))[0]!.n).toBe(0);
  });

  it('refuses a body that is not JSON, and an empty one', async () => {
    expect((await post('{ not json')).statusCode).toBe(400);
    expect((await post('   ')).statusCode).toBe(400);
  });

  it("keeps a view's load time and a developer's override as a role of its own", async () => {
    const res = await post({ page: '/', events: [ev({ loadMs: 412 }), ev({ role: 'override', version: '0.3.0-dev', loadMs: 95 })] }, 'application/json');
    expect(res.statusCode).toBe(204);
    const rows = await t.app.db.query<Record<string, unknown>>('SELECT role, version, load_ms FROM module_events ORDER BY id');
    expect(rows).toEqual([{ role: 'canary', version: '0.2.0', load_ms: 412 }, { role: 'override', version: '0.3.0-dev', load_ms: 95 }]);
  });
});

describe('module health', () => {
  it('counts views, failed loads and errors per version and role since a moment, with their rate', async () => {
    const canary = [...Array(4).fill(ev()), ev({ kind: 'error' }), ev({ kind: 'load-failure' })];
    const live = [...Array(5).fill(ev({ version: '0.1.0', role: 'live' })), ev({ version: '0.1.0', role: 'live', kind: 'error' })];
    expect((await post({ page: '/courses', events: canary })).statusCode).toBe(204);
    expect((await post({ page: '/', events: live })).statusCode).toBe(204);
    expect((await post({ page: '/', events: [ev({ module: 'mf_content', version: '1.0.0', role: 'live' })] })).statusCode).toBe(204);
    const since = new Date(Date.now() - 60_000).toISOString();
    const res = await t.app.inject({ method: 'GET', url: `/api/module-health?module=mf_catalog&since=${encodeURIComponent(since)}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().versions).toEqual([
      { module: 'mf_catalog', version: '0.1.0', role: 'live', views: 5, loadFailures: 0, errors: 1, errorRate: 0.2, loadMsP75: null },
      { module: 'mf_catalog', version: '0.2.0', role: 'canary', views: 4, loadFailures: 1, errors: 1, errorRate: 0.5, loadMsP75: null },
    ]);
    const later = new Date(Date.now() + 60_000).toISOString();
    expect((await t.app.inject({ method: 'GET', url: `/api/module-health?since=${encodeURIComponent(later)}` })).json().versions).toEqual([]);
    const admin = await t.app.inject({ method: 'GET', url: '/api/admin/module-health?days=7', headers: bearer(ids.admin.token) });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().versions.map((v: { module: string; version: string }) => `${v.module}@${v.version}`)).toEqual(['mf_catalog@0.1.0', 'mf_catalog@0.2.0', 'mf_content@1.0.0']);
  });

  it("gives the 75th percentile of a version's load times, from the views that carry one", async () => {
    const views = [100, 200, 300, 400, 500].map((loadMs) => ev({ loadMs }));
    expect((await post({ page: '/', events: [...views, ev(), ev({ kind: 'error' })] })).statusCode).toBe(204);
    const res = await t.app.inject({ method: 'GET', url: '/api/module-health?module=mf_catalog' });
    expect(res.json().versions).toEqual([expect.objectContaining({ version: '0.2.0', views: 6, errors: 1, loadMsP75: 400 })]);
  });

  it('refuses a since that is not a date', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/module-health?since=yesterday' })).statusCode).toBe(400);
  });
});
