import { screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from '../router';
import { ApiError } from '../api/http';
import { makeToken, renderWithProviders } from '../testing';
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
