import { setConfig, DEFAULT_CONFIG } from '../config';
import { ApiError, request } from './http';

beforeEach(() => setConfig({ ...DEFAULT_CONFIG, apiBaseUrl: 'http://api.test/' }));

test('sends the bearer token only when asked, and JSON bodies', async () => {
  localStorage.setItem('token', 'tok');
  const fetchMock = jest.fn(async () => new Response('{"ok":true}', { status: 200 })) as jest.Mock;
  global.fetch = fetchMock;
  await expect(request('/api/users', { auth: true, method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
  const [url, init] = fetchMock.mock.calls[0];
  expect(url).toBe('http://api.test/api/users');
  expect(init.headers).toMatchObject({ Authorization: 'Bearer tok', 'Content-Type': 'application/json' });
  expect(init.body).toBe('{"a":1}');
  await request('/api/courses');
  expect(fetchMock.mock.calls[1][1].headers.Authorization).toBeUndefined();
});

test('a failed call becomes an ApiError with the status and the server message', async () => {
  global.fetch = jest.fn().mockResolvedValue(new Response('{"error":"Conflict","message":"Email already registered"}', { status: 409 }));
  const error = await request('/auth/register').catch((e) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 409, code: 'Conflict', message: 'Email already registered' });
});

test('a body without a message reads "HTTP error! status: {code}", and a network failure has status 0', async () => {
  global.fetch = jest.fn().mockResolvedValue(new Response('', { status: 500 }));
  await expect(request('/x')).rejects.toMatchObject({ status: 500, message: 'HTTP error! status: 500' });
  global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
  await expect(request('/x')).rejects.toMatchObject({ status: 0 });
});
