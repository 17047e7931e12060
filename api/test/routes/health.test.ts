import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /health', () => {
  it('answers ok after a database round trip', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 in the error shape when the database fails', async () => {
    const spy = jest.spyOn(t.app.db, 'query').mockRejectedValueOnce(new Error('connection refused'));
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    spy.mockRestore();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'Service Unavailable', message: 'The database is not reachable.' });
  });
});

describe('GET /api/openapi.json', () => {
  it('documents the routes from their schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([
      '/auth/login', '/auth/register', '/api/users', '/api/users/{id}', '/api/courses', '/api/courses/{id}',
      '/api/quick-programs', '/api/blogs', '/blogs/{id}', '/api/gallery', '/api/gallery/{id}',
      '/api/payments/create-order/{id}', '/api/payments/capture-order', '/api/payments/check/{id}', '/api/payments',
      '/api/payments/mine', '/payment', '/api/complete-payment', '/api/verify-payment', '/api/payment/cancel/{token}',
      '/api/payments/webhook',
    ]));
    expect(doc.paths['/api/courses'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['title', 'imgUrl', 'price']),
    );
  });
});

describe('unknown routes', () => {
  it('answer 404 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not Found', message: 'Route GET /api/nothing-here not found.' });
  });
});
