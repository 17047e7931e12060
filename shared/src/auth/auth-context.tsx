import { createContext, useCallback, useContext, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SessionUser } from '../contract';
import { useHydrated } from '../ui/use-hydrated';
import { authApi } from '../api/endpoints';
import { decodeSessionUser } from './decode';
import { forgetEndedSession, onSessionEnded } from './session-ended';
import { tokenStore } from './token-store';

export interface AuthState {
  user: SessionUser | null;
  token: string | null;
  login(token: string, userId?: string): SessionUser | null;
  /** Signs out here at once and ends the token on the server; resolves when the server has been told (or could not be). */
  logout(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

const SIGNED_OUT: { user: SessionUser | null; token: string | null } = { user: null, token: null };

/**
 * Restores the session from the stored token; an undecodable or expired token is removed. No session is SIGNED_OUT
 * itself, the prerendered page's state: a signed-out visitor's context does not change when hydration ends.
 */
function restore(): { user: SessionUser | null; token: string | null } {
  const token = tokenStore.getToken();
  if (!token) return SIGNED_OUT;
  const user = decodeSessionUser(token);
  if (!user) {
    tokenStore.clear();
    return SIGNED_OUT;
  }
  return { user, token };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [restored, setState] = useState(restore);
  // Prerendered pages are the signed-out page; the visitor's own session shows right after hydration, in a deferred
  // (transition) render. A context change reaches every server-rendered part React has not hydrated yet (a remote
  // page inside its area's Suspense boundary, hydrated after the shell); an urgent one would make React hydrate that
  // whole page at once, in one long task, before applying it. Deferred, it is hydrated in slices (decision 061).
  const hydrated = useDeferredValue(useHydrated());
  const state = hydrated ? restored : SIGNED_OUT;
  // The server refused the token (it expired or was revoked): signed out here too, and the guards take it from there.
  useEffect(() => onSessionEnded(() => setState(SIGNED_OUT)), []);

  const login = useCallback((token: string, userId?: string) => {
    const user = decodeSessionUser(token);
    if (!user) {
      tokenStore.clear();
      setState({ user: null, token: null });
      return null;
    }
    tokenStore.save(token, userId || user.id);
    forgetEndedSession();
    setState({ user, token });
    return user;
  }, []);

  const logout = useCallback(async () => {
    const token = tokenStore.getToken();
    tokenStore.clear();
    setState({ user: null, token: null });
    if (!token) return;
    // The token is gone from this browser either way; if the server cannot be told, it still expires on its own.
    await authApi.logout(token).catch((error: unknown) => console.error('[auth] The server could not end the session:', error));
  }, []);

  const value = useMemo(() => ({ ...state, login, logout }), [state, login, logout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/**
 * Provides a session state an AuthProvider elsewhere holds: a part of the page hydrated as its own React root (a
 * section the server rendered, hydrated as it nears the viewport) shares the page's session instead of keeping one.
 */
export function AuthStateProvider({ value, children }: { value: AuthState; children: ReactNode }) {
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
