import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from '@institute/shared/router';
import { AuthProvider } from '@institute/shared/auth';

/** Test-only helpers shared by the shell's feature tests; nothing here ships in the bundle. */

export interface Claims {
  id: string;
  username: string;
  email: string;
  role: 'user' | 'admin';
}

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** An unsigned JWT: the browser only decodes it, the server is the one that verifies. */
export function makeToken(claims: Claims, expiresInSeconds = 3600): string {
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ ...claims, exp })}.sig`;
}

export const student: Claims = { id: 'u1', username: 'Maya', email: 'maya@example.com', role: 'user' };
export const admin: Claims = { id: 'a1', username: 'Ada', email: 'ada@example.com', role: 'admin' };

export function signIn(claims: Claims = student, userId: string | null = claims.id): void {
  localStorage.setItem('token', makeToken(claims));
  if (userId) localStorage.setItem('userId', userId);
}

/** jsdom has no fetch/Response; the API client only reads ok, status and text(). */
export function jsonResponse(body: unknown, status = 200): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, text: async () => text } as unknown as Response;
}

export type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

export function mockFetch(handler: FetchHandler): jest.Mock {
  const fn = jest.fn((input: RequestInfo | URL, init: RequestInit = {}) => Promise.resolve(handler(String(input), init)));
  global.fetch = fn as unknown as typeof fetch;
  return fn;
}

/** Shows where the router ended up, so tests can assert navigation through the UI. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.hash}`}</div>;
}

export interface RenderOptions {
  route?: string | { pathname: string; state?: unknown };
  /** Extra routes beside the element under test, e.g. a stub for the page a redirect lands on. */
  routes?: Record<string, ReactNode>;
  path?: string;
}

export function renderWithProviders(ui: ReactElement, { route = '/', routes = {}, path = '*' }: RenderOptions = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            {Object.entries(routes).map(([p, element]) => (
              <Route key={p} path={p} element={element} />
            ))}
            <Route path={path} element={ui} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...result, client };
}
