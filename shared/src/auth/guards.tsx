import type { ReactNode } from 'react';
import { Navigate, useLocation } from '../router';
import type { Role } from '../contract';
import { useAuth } from './auth-context';
import { sessionEndedByServer } from './session-ended';
import { signInState } from './sign-in-redirect';

export type Access = 'public' | 'signed-in' | 'admin';

/** Where a visitor may go: no session -> /login, wrong role -> /. The server enforces the same rules. */
export function accessRedirect(access: Access, role: string | undefined): string | null {
  if (access === 'public') return null;
  if (!role) return '/login';
  const allowed: Role[] = access === 'admin' ? ['admin'] : ['user', 'admin'];
  return allowed.includes(role as Role) ? null : '/';
}

export function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  const { user } = useAuth();
  const location = useLocation();
  const to = accessRedirect(access, user?.role);
  // A visitor signing in comes back to this page; a student sent home has nothing to come back to. When the
  // server ended the session under the page, the login page says that rather than "sign in to open this page".
  if (to === '/login') return <Navigate to={to} replace state={signInState(location, sessionEndedByServer() ? 'session-ended' : 'page')} />;
  if (to) return <Navigate to={to} replace />;
  return <>{children}</>;
}
