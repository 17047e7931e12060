import { act, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from '../router';
import { ApiError, request } from '../api/http';
import { DEFAULT_CONFIG, setConfig } from '../config';
import { API, makeToken, mockFetch, renderWithProviders, type SeenRequest } from '../testing';
import { readSignInState } from './sign-in-redirect';
import { RequireAccess } from './guards';
import { endSessionIfRefused, forgetEndedSession, onSessionEnded, sessionEndedByServer } from './session-ended';
import { tokenStore } from './token-store';

const student = { id: 'u1', username: 'maya', email: 'maya@example.com', role: 'user' as const };

function Login() {
  const { message, to } = readSignInState(useLocation().state);
  return <p>Login: {message} Back to {to}</p>;
}

/** A signed-in page whose read the server answers as given. */
function Receipts({ error }: { error: ApiError }) {
  const { isError } = useQuery({ queryKey: ['receipt', error.status], queryFn: () => Promise.reject(error) });
  return <p>{isError ? 'Failed to load the receipt.' : 'Loading'}</p>;
}

const renderReceipt = (error: ApiError) =>
  renderWithProviders(<RequireAccess access="signed-in"><Receipts error={error} /></RequireAccess>, {
    route: '/receipts/r1?print=1', path: '/receipts/:id', routes: { '/login': <Login /> },
  });

beforeEach(() => tokenStore.save(makeToken(student), 'u1'));
afterEach(() => localStorage.clear());

test('a read refused with 401 ends the session, and the guard sends the visitor to sign in and back, saying why', async () => {
  renderReceipt(new ApiError(401, 'Unauthorized', 'Your session has ended.'));
  expect(await screen.findByText('Login: Your session has ended. Sign in again to continue. Back to /receipts/r1?print=1')).toBeInTheDocument();
  expect(tokenStore.getToken()).toBeNull();
  expect(sessionEndedByServer()).toBe(true);
});

test('any other failure leaves the session and the page as they were', async () => {
  renderReceipt(new ApiError(500, 'InternalServerError', 'Something went wrong.'));
  expect(await screen.findByText('Failed to load the receipt.')).toBeInTheDocument();
  await waitFor(() => expect(tokenStore.getToken()).not.toBeNull());
});

test('a 401 without a stored token (signing in with a wrong password) ends nothing; with one, it does', () => {
  forgetEndedSession();
  const listener = jest.fn();
  const stop = onSessionEnded(listener);
  localStorage.clear();
  endSessionIfRefused(new ApiError(401, 'Unauthorized', 'Invalid credentials'));
  expect([listener.mock.calls.length, sessionEndedByServer()]).toEqual([0, false]);
  tokenStore.save(makeToken(student), 'u1');
  endSessionIfRefused(new ApiError(401, 'Unauthorized', 'Your session has ended.'));
  expect([listener.mock.calls.length, sessionEndedByServer(), tokenStore.getToken()]).toEqual([1, true, null]);
  stop();
});

/** A public page (no guard): its reads carry the token when one is stored, as the catalog's do. */
function CoursePage({ path }: { path: string }) {
  const { data, isError, isPending } = useQuery({ queryKey: ['public', path], queryFn: () => request<{ title: string }>(path, { auth: true }) });
  if (isPending) return <p>Loading {path}</p>;
  return <p>{isError ? `Failed to load ${path}.` : data.title}</p>;
}

/** The server: the ended session's token is refused on every read; without a token, `open` reads are answered. */
function serverThatEndedTheSession(open: (path: string) => boolean) {
  return mockFetch((req: SeenRequest) => {
    const path = new URL(req.url).pathname;
    if (req.headers.Authorization) return { status: 401, body: { error: 'Unauthorized', message: 'Your session has ended. Please sign in again.' } };
    return open(path) ? { status: 200, body: { title: `Title of ${path}` } } : { status: 401, body: { error: 'Unauthorized', message: 'Authentication required. Please sign in.' } };
  });
}

const signedOutReads = (seen: SeenRequest[], path: string) => seen.filter((r) => r.url === `${API}${path}` && !r.headers.Authorization).length;

describe('a public page whose reads were refused for the ended session', () => {
  beforeEach(() => setConfig({ ...DEFAULT_CONFIG, apiBaseUrl: API }));

  test('reads them again signed out and shows its content, each of them, not the refusal', async () => {
    const { seen } = serverThatEndedTheSession(() => true);
    renderWithProviders(<><CoursePage path="/api/courses/c1" /><CoursePage path="/api/sessions/c1" /></>);
    // Both reads left with the token; the second refusal arrives after the first has ended the session.
    expect(await screen.findByText('Title of /api/courses/c1')).toBeInTheDocument();
    expect(await screen.findByText('Title of /api/sessions/c1')).toBeInTheDocument();
    expect(screen.queryByText(/Failed to load/)).toBeNull();
    expect(tokenStore.getToken()).toBeNull();
    expect([signedOutReads(seen, '/api/courses/c1'), signedOutReads(seen, '/api/sessions/c1')]).toEqual([1, 1]);
  });

  test('a read that is refused signed out too shows its error, and is not asked again', async () => {
    const { seen } = serverThatEndedTheSession(() => false);
    renderWithProviders(<CoursePage path="/api/payments/mine" />);
    expect(await screen.findByText('Failed to load /api/payments/mine.')).toBeInTheDocument();
    // Long enough for a second read to have gone out, were one asked.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(seen.map((r) => Boolean(r.headers.Authorization))).toEqual([true, false]);
    expect(screen.getByText('Failed to load /api/payments/mine.')).toBeInTheDocument();
  });
});
