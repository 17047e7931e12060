import { setConfig, DEFAULT_CONFIG } from '../config';
import { apiErrorMessage } from './error-message';
import { ApiError, DEFAULT_REQUEST_TIMEOUT_MS, download, fileNameOf, request, setRequestTimeout } from './http';

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

test('sends the device cookie only to the calls that ask for it (sign-in, reset)', async () => {
  const fetchMock = jest.fn(async () => new Response('{"ok":true}', { status: 200 })) as jest.Mock;
  global.fetch = fetchMock;
  await request('/auth/login', { method: 'POST', body: {}, deviceCookie: true });
  await request('/api/courses');
  expect(fetchMock.mock.calls[0][1].credentials).toBe('include');
  expect(fetchMock.mock.calls[1][1].credentials).toBeUndefined();
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

describe('timeouts', () => {
  afterEach(() => {
    jest.useRealTimers();
    setRequestTimeout(DEFAULT_REQUEST_TIMEOUT_MS);
  });

  /** A fetch that never answers but honours its abort signal, as browsers do. */
  const hangingFetch = () =>
    jest.fn((_url: string, init: RequestInit) => new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
    }));

  test('a call with no answer gives up after 15 s by default, as a timeout ApiError with a clear message', async () => {
    jest.useFakeTimers();
    global.fetch = hangingFetch() as unknown as typeof fetch;
    const pending = request<never>('/api/courses').catch((e: ApiError) => e);
    await jest.advanceTimersByTimeAsync(14_999);
    let settled = false;
    void pending.then(() => { settled = true; });
    await Promise.resolve();
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'Timeout', kind: 'timeout', message: 'The server did not answer within 15 seconds.' });
    expect(error.isTimeout).toBe(true);
    expect(error.isNetworkOrTimeout).toBe(true);
  });

  test('the timeout is configurable per call and for every call', async () => {
    jest.useFakeTimers();
    global.fetch = hangingFetch() as unknown as typeof fetch;
    const perCall = request('/x', { timeoutMs: 2000 }).catch((e) => e);
    await jest.advanceTimersByTimeAsync(2000);
    expect(await perCall).toMatchObject({ kind: 'timeout', message: 'The server did not answer within 2 seconds.' });
    setRequestTimeout(5000);
    const global5 = request('/x').catch((e) => e);
    await jest.advanceTimersByTimeAsync(5000);
    expect(await global5).toMatchObject({ kind: 'timeout' });
    expect(() => setRequestTimeout(-1)).toThrow(RangeError);
  });

  test('the caller aborting is not a timeout: the AbortError goes through unchanged', async () => {
    global.fetch = hangingFetch() as unknown as typeof fetch;
    const controller = new AbortController();
    const pending = request<never>('/x', { signal: controller.signal }).catch((e: Error) => e);
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error.name).toBe('AbortError');
  });

  test('a network failure is kind network; an HTTP error is kind http and carries Retry-After', async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(request('/x')).rejects.toMatchObject({ status: 0, kind: 'network', code: 'NetworkError', message: 'The server could not be reached.' });
    global.fetch = jest.fn().mockResolvedValue(new Response('{"error":"Service Unavailable","message":"Try later"}', { status: 503, headers: { 'Retry-After': '5' } }));
    await expect(request('/x')).rejects.toMatchObject({ status: 503, kind: 'http', retryAfterSeconds: 5, isNetworkOrTimeout: false });
  });

  test('a fast answer clears its timer', async () => {
    jest.useFakeTimers();
    global.fetch = jest.fn().mockResolvedValue(new Response('[]', { status: 200 }));
    await expect(request('/x')).resolves.toEqual([]);
    expect(jest.getTimerCount()).toBe(0);
  });
});

describe('apiErrorMessage', () => {
  test.each([
    ['a timeout', new ApiError(0, 'Timeout', 'x', 'timeout'), 'The server took too long to answer. Please try again.'],
    ['no connection', new ApiError(0, 'NetworkError', 'x'), 'The server could not be reached. Check your connection and try again.'],
    ['429', new ApiError(429, 'Too Many Requests', 'Rate limit exceeded'), 'Too many attempts. Please wait a minute and try again.'],
    ['429 with Retry-After', new ApiError(429, 'Too Many Requests', 'x', 'http', 30), 'Too many attempts. Please wait 30 seconds and try again.'],
    ['429 after failed sign-ins', new ApiError(429, 'Too Many Requests', 'x', 'http', 842), 'Too many attempts. Please wait 15 minutes and try again.'],
    ['429 with an absurd Retry-After', new ApiError(429, 'Too Many Requests', 'x', 'http', 86_400), 'Too many attempts. Please wait a minute and try again.'],
    ['503', new ApiError(503, 'Service Unavailable', 'x'), 'The service is temporarily unavailable. Please try again in a few seconds.'],
    ['500', new ApiError(500, 'Internal Server Error', 'Something broke'), 'Something went wrong on our side. Please try again in a moment.'],
    ['401 with the server message', new ApiError(401, 'Unauthorized', 'Invalid email or password.'), 'Invalid email or password.'],
    ['409 with the server message', new ApiError(409, 'Conflict', 'This email is already registered.'), 'This email is already registered.'],
    ['400 without a message', new ApiError(400, 'HttpError', 'HTTP error! status: 400', 'http', null, null), 'Something went wrong. Please try again.'],
    ['not an ApiError', new Error('boom'), 'Something went wrong. Please try again.'],
  ])('%s', (_name, error, text) => {
    expect(apiErrorMessage(error)).toBe(text);
  });
});

describe('download', () => {
  test('asks for the media type with the bearer token and keeps the bytes and the server\'s file name', async () => {
    localStorage.setItem('token', 'tok');
    const fetchMock = jest.fn(async () => ({
      ok: true, status: 200, headers: new Headers({ 'Content-Disposition': 'attachment; filename="my-data-2026-11-26.csv"' }), blob: async () => new Blob(['a,b']),
    })) as jest.Mock;
    global.fetch = fetchMock;
    const file = await download('/api/users/u-1/data-export?format=csv', { accept: 'text/csv', fallbackName: 'my-data.csv' });
    expect(file.name).toBe('my-data-2026-11-26.csv');
    expect(file.blob.size).toBe(3);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('http://api.test/api/users/u-1/data-export?format=csv');
    expect(init.headers).toEqual({ Accept: 'text/csv', Authorization: 'Bearer tok' });
  });

  test('a refusal is the same ApiError as a JSON call\'s, Retry-After included', async () => {
    global.fetch = jest.fn().mockResolvedValue(new Response('{"error":"Too Many Requests","message":"Slow down."}', { status: 429, headers: { 'Retry-After': '30' } }));
    const error = await download('/x.csv', { accept: 'text/csv', fallbackName: 'x.csv' }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, message: 'Slow down.', retryAfterSeconds: 30 });
  });
});

test.each([
  ['attachment; filename="a.csv"', 'a.csv'],
  ['attachment; filename=b.csv', 'b.csv'],
  ['attachment; filename="plain.csv"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.csv', 'résumé.csv'],
  ['attachment; filename="../etc/passwd"', null],
  ['attachment', null],
  [null, null],
])('file name of %s is %s', (header, name) => {
  expect(fileNameOf(header)).toBe(name);
});
