export { tokenStore } from './token-store';
export { decodeSessionUser } from './decode';
export { AuthProvider, useAuth, type AuthState } from './auth-context';
export { RequireAccess, accessRedirect, type Access } from './guards';
