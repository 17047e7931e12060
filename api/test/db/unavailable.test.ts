import net from 'node:net';
import Fastify from 'fastify';
import errors from '../../src/plugins/app/errors';
import rateLimit from '../../src/plugins/external/rate-limit';
import { DatabaseUnavailableError, databaseUnavailable } from '../../src/db/db';
import { openPostgres } from '../../src/db/postgres-db';
import { loadConfig, ConfigError } from '../../src/config';
import { createTestApp, type TestApp } from '../helpers/app';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('databaseUnavailable', () => {
  it.each([
    ['connection refused', refused()],
    ['connection lost', new Error('Connection terminated unexpectedly')],
    ['pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['no answer (query_timeout)', new Error('Query read timeout')],
    ['statement_timeout', Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })],
    ['server shutting down', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['server starting', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['connection exception class 08', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['PGlite closed', new Error('PGlite is closed')],
    ['several addresses refused', new AggregateError([refused(), refused()])],
  ])('is true for %s', (_name, error) => {
    expect(databaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a syntax error', Object.assign(new Error('syntax error at or near'), { code: '42601' })],
    ['a plain bug', new TypeError('x is undefined')],
    ['nothing', null],
  ])('is false for %s', (_name, error) => {
    expect(databaseUnavailable(error)).toBe(false);
  });
});

describe('the PostgreSQL pool gives up instead of hanging', () => {
  it('refused connections fail at once as DatabaseUnavailableError', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = s.address() as net.AddressInfo;
        s.close(() => resolve(p));
      });
    });
    const db = await openPostgres({ url: `postgres://x@127.0.0.1:${port}/x`, timeouts: { connectMs: 500, statementMs: 500, idleInTransactionMs: 500 } });
    try {
      await expect(db.query('SELECT 1')).rejects.toBeInstanceOf(DatabaseUnavailableError);
      await expect(db.transaction((tx) => tx.query('SELECT 1'))).rejects.toBeInstanceOf(DatabaseUnavailableError);
    } finally {
      await db.close();
    }
  });

  it('a server that accepts and never answers (frozen) fails within the connect timeout', async () => {
    const sockets: net.Socket[] = [];
    const frozen = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => frozen.listen(0, '127.0.0.1', resolve));
    const { port } = frozen.address() as net.AddressInfo;
    const db = await openPostgres({ url: `postgres://x@127.0.0.1:${port}/x`, timeouts: { connectMs: 300, statementMs: 300, idleInTransactionMs: 300 } });
    try {
      const started = Date.now();
      await expect(db.query('SELECT 1')).rejects.toBeInstanceOf(DatabaseUnavailableError);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await db.close();
      sockets.forEach((s) => s.destroy());
      await new Promise((resolve) => frozen.close(resolve));
    }
  });
});

describe('routes when the database is unavailable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { publicCacheTtlMs: 0 } });
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  it.each([
    ['GET', '/api/courses', undefined],
    ['GET', '/api/quick-programs', undefined],
    ['GET', '/api/blogs', undefined],
    ['POST', '/auth/login', { email: 'student@northbridge.example', password: 'Student#2026!' }],
    ['POST', '/auth/register', { email: 'new@example.com', username: 'newcomer', password: 'Cobalt-Harbor-81' }],
  ])('%s %s answers 503 with Retry-After, not 500', async (method, url, payload) => {
    jest.spyOn(t.app.db, 'query').mockRejectedValue(new DatabaseUnavailableError(refused()));
    jest.spyOn(t.app.db, 'transaction').mockRejectedValue(new DatabaseUnavailableError(refused()));
    const res = await t.app.inject({ method: method as 'GET' | 'POST', url, ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ error: 'Service Unavailable', message: 'The service is temporarily unavailable. Please try again in a few seconds.' });
  });

  it('a raw driver error (not yet wrapped) maps the same way', async () => {
    jest.spyOn(t.app.db, 'query').mockRejectedValue(new Error('Connection terminated unexpectedly'));
    const res = await t.app.inject({ method: 'GET', url: '/api/courses' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
  });

  it('/health answers 503 with Retry-After within 2 s when the database never answers', async () => {
    jest.spyOn(t.app.db, 'query').mockReturnValue(new Promise(() => undefined));
    const started = Date.now();
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ error: 'Service Unavailable', message: 'The database is not reachable.' });
  });
});

describe('the request deadline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { publicCacheTtlMs: 0, requestTimeoutMs: 300 } });
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  it('answers 503 with Retry-After when a handler waits on a hung database past it', async () => {
    jest.spyOn(t.app.db, 'query').mockReturnValue(new Promise(() => undefined));
    const started = Date.now();
    const res = await t.app.inject({ method: 'GET', url: '/api/courses' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ error: 'Service Unavailable', message: 'The server took too long to answer. Please try again in a few seconds.' });
  });

  it('leaves fast requests alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/courses' });
    expect(res.statusCode).toBe(200);
  });
});

describe('the database closed under the app (PGlite, or the pool on DATABASE_URL)', () => {
  it('answers 503, not 500', async () => {
    const t = await createTestApp({ config: { publicCacheTtlMs: 0 } });
    try {
      await t.app.db.close();
      const res = await t.app.inject({ method: 'GET', url: '/api/courses' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      await t.close();
    }
  });
});

describe('timeout settings', () => {
  it('have defaults and refuse a PayPal timeout that is not below the request timeout', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/institute-config-timeouts', JWT_SECRET: 'x'.repeat(40) });
    expect(config.dbTimeouts).toEqual({ connectMs: 5000, statementMs: 10_000, idleInTransactionMs: 15_000 });
    expect(config.requestTimeoutMs).toBe(30_000);
    expect(config.paypal.timeoutMs).toBeLessThan(config.requestTimeoutMs);
    expect(() => loadConfig({ DATA_DIR: '/tmp/institute-config-timeouts', JWT_SECRET: 'x'.repeat(40), PAYPAL_TIMEOUT_MS: '30000' })).toThrow(ConfigError);
    expect(loadConfig({ DATA_DIR: '/tmp/institute-config-timeouts', JWT_SECRET: 'x'.repeat(40), DB_STATEMENT_TIMEOUT_MS: '2000', REQUEST_TIMEOUT_MS: '60000', PAYPAL_TIMEOUT_MS: '30000' }))
      .toMatchObject({ requestTimeoutMs: 60_000, dbTimeouts: { statementMs: 2000 }, paypal: { timeoutMs: 30_000 } });
  });
});

describe('a route with its own deadline', () => {
  it('uses its config.requestTimeoutMs instead of the default', async () => {
    const app = Fastify({ logger: false });
    await app.register(rateLimit);
    const config = loadConfig({ DATA_DIR: '/tmp/institute-config-timeouts', JWT_SECRET: 'x'.repeat(40), REQUEST_TIMEOUT_MS: '1000', PAYPAL_TIMEOUT_MS: '500' });
    await app.register(errors, { config });
    const never = () => new Promise(() => undefined);
    app.get('/default', never);
    app.get('/short', { config: { requestTimeoutMs: 100 } }, never);
    await app.ready();
    try {
      let started = Date.now();
      const short = await app.inject({ method: 'GET', url: '/short' });
      expect(short.statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(900);
      started = Date.now();
      const normal = await app.inject({ method: 'GET', url: '/default' });
      expect(normal.statusCode).toBe(503);
      expect(normal.headers['retry-after']).toBe('5');
      expect(Date.now() - started).toBeGreaterThanOrEqual(990);
    } finally {
      await app.close();
    }
  });
});
