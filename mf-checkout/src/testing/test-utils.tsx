import {
  API, makeToken as token, mockFetch as recordFetch, type FakeReply, type FakeRoutes, type SeenRequest,
} from '@institute/shared/testing';

export * from '@institute/shared/testing';

type Handler = (req: SeenRequest) => FakeReply | Promise<FakeReply> | 'network-error';

const SESSIONS = /^\/api\/sessions\?(?:courseId|programId)=[^&]+$/;

/**
 * The shared fake network, where a course or program has no class sessions unless the test says otherwise
 * (`ownSessions`): the spec's payment flows, unchanged for such a course, are what most tests exercise.
 */
export function mockFetch(handler: Handler, { ownSessions = false }: { ownSessions?: boolean } = {}) {
  if (ownSessions) return recordFetch(handler);
  return recordFetch((req) => (req.method === 'GET' && SESSIONS.test(req.url.slice(API.length)) ? { body: [] } : handler(req)));
}

/** Replies by "METHOD url"; a request nobody planned for never answers (class sessions: none, as above). */
export function mockServer(routes: FakeRoutes) {
  return mockFetch((req) => {
    const reply = routes[`${req.method} ${req.url}`];
    if (reply === undefined) return new Promise<FakeReply>(() => undefined);
    return typeof reply === 'function' ? reply() : reply;
  });
}

const STUDENT = { id: 'user-1', username: 'student', email: 'student@example.com', role: 'user' };

/** A student's token unless the claims say otherwise. */
export const makeToken = (claims: Record<string, unknown> = {}) => token({ ...STUDENT, ...claims });

export function signIn(claims: Record<string, unknown> = {}): string {
  const value = makeToken(claims);
  localStorage.setItem('token', value);
  return value;
}
