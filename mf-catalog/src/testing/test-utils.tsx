import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from '@institute/shared/router';
import { AuthProvider } from '@institute/shared/auth';

type Handler = (url: string, init?: RequestInit) => { status: number; body?: unknown };

/**
 * jsdom has no fetch/Response, so tests stub the HTTP boundary with objects carrying just what the
 * shared client reads (ok, status, text()).
 */
export function mockFetch(handler: Handler): jest.Mock {
  const fn = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const { status, body } = handler(String(input), init);
    const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    return { ok: status >= 200 && status < 300, status, text: async () => text } as unknown as Response;
  });
  global.fetch = fn as unknown as typeof fetch;
  return fn;
}

/** A fetch that never settles, to hold a component in its loading state. */
export function pendingFetch(): jest.Mock {
  const fn = jest.fn(() => new Promise<Response>(() => undefined));
  global.fetch = fn as unknown as typeof fetch;
  return fn;
}

function base64url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Stores an unsigned JWT under `token` so AuthProvider restores a signed-in session. */
export function signIn(claims: Partial<{ id: string; username: string; email: string; role: string }> = {}): string {
  const payload = { id: 'u1', username: 'ada', email: 'ada@example.test', role: 'user', exp: Math.floor(Date.now() / 1000) + 3600, ...claims };
  const token = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.sig`;
  localStorage.setItem('token', token);
  localStorage.setItem('userId', payload.id);
  return token;
}

/** Renders where navigation lands, so tests can assert the path and the navigation state. */
function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </div>
  );
}

export function renderAt(ui: ReactElement, { route = '/', path = '/' }: { route?: string; path?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...result, client };
}
