/**
 * jsdom has no fetch/Response, so tests stand in at the HTTP boundary with the few Response members
 * the shared `request` reads (ok, status, text).
 */
export type FakeResponse = Pick<Response, 'ok' | 'status' | 'text'>;

export function jsonResponse(body: unknown, status = 200): FakeResponse {
  return { ok: status >= 200 && status < 300, status, text: async () => JSON.stringify(body) };
}

type Handler = (url: string, init?: RequestInit) => FakeResponse | Promise<FakeResponse>;

/** Replaces global.fetch; returns the mock so tests can assert the URLs that were called. */
export function mockFetch(handler: Handler): jest.Mock {
  const fn = jest.fn((input: RequestInfo | URL, init?: RequestInit) => Promise.resolve(handler(String(input), init)));
  (globalThis as { fetch?: unknown }).fetch = fn;
  return fn;
}

/** A request that never answers, to hold a component in its loading state. */
export const pending = (): Promise<FakeResponse> => new Promise(() => undefined);
