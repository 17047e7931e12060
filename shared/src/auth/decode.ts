import { jwtDecode } from 'jwt-decode';
import type { SessionUser } from '../contract';

interface Claims {
  id?: string;
  sub?: string;
  username?: string;
  email?: string;
  role?: string;
  exp?: number;
}

/** Decodes a token into the session user with the spec's defaults; null when it cannot be decoded or has expired. */
export function decodeSessionUser(token: string, now = Date.now()): SessionUser | null {
  let claims: Claims;
  try {
    claims = jwtDecode<Claims>(token);
  } catch {
    return null;
  }
  if (typeof claims.exp === 'number' && claims.exp * 1000 <= now) return null;
  return {
    id: claims.id ?? claims.sub ?? '',
    username: claims.username || 'Guest',
    email: claims.email || 'No Email',
    role: claims.role || 'user',
  };
}
