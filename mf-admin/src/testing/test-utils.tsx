import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from '@institute/shared/router';
import { AuthProvider } from '@institute/shared/auth';

export const API = 'http://localhost:4000';

/** An unsigned JWT: enough for the browser, which only decodes it. */
export function makeToken(claims: Record<string, unknown> = {}): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const payload = { id: 'admin-1', username: 'root', email: 'root@example.com', role: 'admin', exp: Math.floor(Date.now() / 1000) + 3600, ...claims };
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(payload)}.sig`;
}

export function signIn(claims: Record<string, unknown> = {}): string {
  const token = makeToken(claims);
  localStorage.setItem('token', token);
  return token;
}

export interface SeenRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
}

/** jsdom has no fetch; this stands in for the network and records every request. */
export function mockFetch(handler: (req: SeenRequest) => FakeReply | Promise<FakeReply> | 'network-error') {
  const seen: SeenRequest[] = [];
  const fn = jest.fn(async (input: string, init: RequestInit = {}) => {
    const req: SeenRequest = {
      method: init.method ?? 'GET',
      url: String(input),
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    seen.push(req);
    const reply = await handler(req);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    const status = reply.status ?? 200;
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    return { ok: status >= 200 && status < 300, status, text: async () => text, json: async () => JSON.parse(text) } as unknown as Response;
  });
  global.fetch = fn as unknown as typeof fetch;
  return { fn, seen };
}

export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[route]}>
          <AuthProvider>{ui}</AuthProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}

/** A never-settling reply, for asserting loading states. */
export const pending = () => new Promise<FakeReply>(() => undefined);
