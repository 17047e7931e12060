/** Test helpers every front-end module uses: providers, a recording fake network, tokens. Tests only. */
import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Route, Routes, useLocation } from '@institute/shared/router';
import { MemoryRouter } from '../router/server';
import { AuthProvider, sessionAwareQueryCache } from '@institute/shared/auth';

export const API = 'http://localhost:4000';

/** An unsigned JWT with an hour to live: enough for the browser, which only decodes it. */
export function makeToken(claims: Record<string, unknown>): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const payload = { exp: Math.floor(Date.now() / 1000) + 3600, ...claims };
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(payload)}.sig`;
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
  /** Response headers (Content-Disposition, Retry-After); none by default. */
  headers?: Record<string, string>;
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
    return {
      ok: status >= 200 && status < 300,
      status,
      headers: new Headers(reply.headers),
      text: async () => text,
      json: async () => JSON.parse(text),
      blob: async () => new Blob([text]),
    } as unknown as Response;
  });
  global.fetch = fn as unknown as typeof fetch;
  return { fn, seen };
}

type Entry = string | { pathname: string; state?: unknown };

export interface RenderOptions {
  route?: Entry;
  /** Wraps the whole tree in StrictMode (only a root StrictMode replays effects in React 19). */
  strict?: boolean;
  /** Mounts `ui` at this route pattern (e.g. /blog/:id) so it can read its params. */
  path?: string;
  /** Other pages by pattern, e.g. a stub where a redirect lands; '*' catches every other address. */
  routes?: Record<string, ReactNode>;
  /** Renders LocationProbe beside the pages, so a test can read where navigation went. */
  probe?: boolean;
}

/** Without `path` or `routes`, `ui` is rendered as is (it may bring its own Routes). */
export function renderWithProviders(ui: ReactElement, { route = '/', strict = false, path, routes, probe = false }: RenderOptions = {}) {
  // The page's client ends a session the server refused (docs/decisions/030); the tests' client does the same.
  const client = new QueryClient({ queryCache: sessionAwareQueryCache(), defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const pages =
    path === undefined && routes === undefined ? (
      ui
    ) : (
      <Routes>
        {Object.entries(routes ?? {}).map(([pattern, element]) => (
          <Route key={pattern} path={pattern} element={element} />
        ))}
        <Route path={path ?? '*'} element={ui} />
      </Routes>
    );
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[route]}>
          <AuthProvider>
            {pages}
            {probe && <LocationProbe />}
          </AuthProvider>
        </MemoryRouter>
      </QueryClientProvider>,
      { reactStrictMode: strict },
    ),
  };
}

/** A never-settling reply, for asserting loading states. */
export const pending = () => new Promise<FakeReply>(() => undefined);

export type FakeRoutes = Record<string, FakeReply | 'network-error' | (() => FakeReply | Promise<FakeReply>)>;

/** Replies by "METHOD url"; a request nobody planned for never answers. */
export function mockServer(routes: FakeRoutes) {
  return mockFetch((req) => {
    const reply = routes[`${req.method} ${req.url}`];
    if (reply === undefined) return pending();
    return typeof reply === 'function' ? reply() : reply;
  });
}

/** Shows where the router is, so tests can assert navigations (path and query; the state in data-state). */
export function LocationProbe() {
  const location = useLocation();
  return (
    <p data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {`${location.pathname}${location.search}`}
    </p>
  );
}

/**
 * The API's answer for a list held in memory: the whole array without parameters, else one page of `?limit` from
 * `?cursor` (here the offset) with the total and the next cursor.
 */
export function pageReply<T>(url: string, list: readonly T[]): FakeReply {
  const params = new URL(url).searchParams;
  if (!params.has('limit')) return { status: 200, body: list };
  const offset = Number(params.get('cursor') ?? 0);
  const limit = Number(params.get('limit'));
  const items = list.slice(offset, offset + limit);
  return { status: 200, body: { items, total: list.length, nextCursor: offset + limit < list.length ? String(offset + limit) : null } };
}

/** The text of a Blob: jsdom's Blob has no `text()`, its FileReader reads one. */
export function blobText(blob: unknown): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob as Blob);
  });
}
