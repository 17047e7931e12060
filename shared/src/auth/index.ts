export { tokenStore } from './token-store';
export { decodeSessionUser } from './decode';
export { AuthProvider, AuthStateProvider, useAuth, type AuthState } from './auth-context';
export { RequireAccess, accessRedirect, type Access } from './guards';
export { readSignInState, safeReturnPath, signInState, SIGN_IN_REASONS, type ReturnTo, type SignInPlan, type SignInReason, type SignInState } from './sign-in-redirect';
export { useSendToSignIn } from './use-send-to-sign-in';
export { endSessionIfRefused, sessionAwareQueryCache, sessionEndedByServer } from './session-ended';
