import { useCallback } from 'react';
import { useLocation, useNavigate } from '../router';
import { signInState, type ReturnTo, type SignInReason } from './sign-in-redirect';

/**
 * Sends the visitor to /login saying why, to come back once signed in: to `to` when given (where they were going),
 * else to this page with its search, hash and navigation state.
 */
export function useSendToSignIn(): (reason: SignInReason, to?: ReturnTo) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (reason: SignInReason, to?: ReturnTo) => void navigate('/login', { state: signInState(to ?? location, reason) }),
    [navigate, location],
  );
}
