import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { seedDemoContent: false } });
});
afterAll(() => t.close());

describe('security headers and CORS', () => {
  it('sends helmet headers and a closed CSP on API responses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/courses' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('allows the site origins and nobody else', async () => {
    const allowed = await t.app.inject({ method: 'GET', url: '/api/courses', headers: { origin: 'http://localhost:3000' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    const other = await t.app.inject({ method: 'GET', url: '/api/courses', headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers preflights for bearer calls from the site', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS', url: '/api/users',
      headers: { origin: 'http://127.0.0.1:3000', 'access-control-request-method': 'DELETE', 'access-control-request-headers': 'authorization' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-methods']).toContain('DELETE');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
  });

  it('marks private and error responses no-store', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('never leaks internals on an unexpected failure', async () => {
    const spy = jest.spyOn(t.app.repos.blogs, 'list').mockRejectedValueOnce(new Error('relation "blogs" does not exist at /srv/app.ts:12'));
    const res = await t.app.inject({ method: 'GET', url: '/api/blogs' });
    spy.mockRestore();
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Internal Server Error', message: 'Something went wrong on our side. Please try again later.' });
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });
});

describe('request hygiene', () => {
  it('accepts a DELETE that declares JSON but sends no body', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/blogs/nope', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(401);
  });

  it('rate limits the 404 handler', async () => {
    const limited = await createTestApp({ config: { seedDemoContent: false } });
    try {
      let last = 0;
      for (let i = 0; i < 101; i += 1) last = (await limited.app.inject({ method: 'GET', url: `/probe-${i}` })).statusCode;
      expect(last).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
