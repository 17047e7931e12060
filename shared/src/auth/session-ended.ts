import { QueryCache, type Query } from '@tanstack/react-query';
import { ApiError } from '../api/http';
import { tokenStore } from './token-store';

/**
 * The server can end a session before the browser knows: the token expired while the page was open, the student
 * signed out everywhere, an admin revoked it. A page then sees its data refused with 401. Rather than each page
 * showing its own failure ("Failed to load profile."), the session is forgotten here, in one place, and the route
 * guard sends the visitor to sign in and back, the login page saying why.
 */
let endedByServer = false;
const listeners = new Set<() => void>();

/**
 * A failed read: a 401 while a token is stored means the server no longer takes it. Only reads count: a write may
 * answer 401 for its own reason (a wrong current password), with the session still good.
 */
export function endSessionIfRefused(error: unknown): void {
  if (!(error instanceof ApiError) || error.status !== 401 || !tokenStore.getToken()) return;
  tokenStore.clear();
  endedByServer = true;
  for (const listener of listeners) listener();
}

/** Whether the last session ended on the server's word (until the next sign-in): the login page says so. */
export const sessionEndedByServer = (): boolean => endedByServer;

export function forgetEndedSession(): void {
  endedByServer = false;
}

/** Called when the server has ended the session; returns the unsubscribe. */
export function onSessionEnded(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * A read refused for a token this browser no longer holds: its session has ended (by this read, or by another read
 * of the same page that was answered first). Signed out now, it would be answered: a public page's read is.
 */
const refusedForAnEndedSession = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 401 && error.sentToken && !tokenStore.getToken();

/**
 * Reads the query again, signed out, once the sign-out is through (after its own failure has settled, and after the
 * route guards have had a render to take a signed-in page away: only a query still shown is fetched). Without data
 * it starts over, so the page shows its loading state rather than the refusal; with data, that data stays until the
 * new answer. A signed-in page's read asked again signed out is refused without a token, which is not asked again.
 */
function readAgainSignedOut(query: Query<unknown, unknown, unknown>): void {
  setTimeout(() => {
    if (query.state.status !== 'error') return;
    if (query.state.data === undefined) query.reset();
    if (query.isActive()) query.fetch().catch(() => undefined);
  }, 0);
}

/**
 * The query cache of every page's client: each failed read goes through `endSessionIfRefused`, and a read refused
 * for the ended session is read again signed out, so a public page shows its content, not the refusal.
 */
export const sessionAwareQueryCache = (): QueryCache =>
  new QueryCache({
    onError: (error, query) => {
      endSessionIfRefused(error);
      if (refusedForAnEndedSession(error)) readAgainSignedOut(query);
    },
  });
