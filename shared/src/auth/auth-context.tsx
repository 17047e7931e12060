import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
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

/** Restores the session from the stored token; an undecodable or expired token is removed. */
function restore(): { user: SessionUser | null; token: string | null } {
  const token = tokenStore.getToken();
  if (!token) return { user: null, token: null };
  const user = decodeSessionUser(token);
  if (!user) {
    tokenStore.clear();
    return { user: null, token: null };
  }
  return { user, token };
}

const SIGNED_OUT = { user: null, token: null };

export function AuthProvider({ children }: { children: ReactNode }) {
  const [restored, setState] = useState(restore);
  // Prerendered pages are the signed-out page; the visitor's own session shows right after hydration.
  const state = useHydrated() ? restored : SIGNED_OUT;
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

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
