import { useCallback } from 'react';
import { tokenStore, useAuth } from '@institute/shared/auth';

/**
 * Signed in = a session user or a stored token. Storage is read at call time as well, so a token
 * written by another module after this one rendered still counts.
 */
export function useHasSession(): () => boolean {
  const { user, token } = useAuth();
  return useCallback(() => Boolean(user || token || tokenStore.getToken()), [user, token]);
}
