import { makeToken as token } from '@institute/shared/testing';

export * from '@institute/shared/testing';

const ADMIN = { id: 'admin-1', username: 'root', email: 'root@example.com', role: 'admin' };

/** An admin's token unless the claims say otherwise. */
export const makeToken = (claims: Record<string, unknown> = {}) => token({ ...ADMIN, ...claims });

export function signIn(claims: Record<string, unknown> = {}): string {
  const value = makeToken(claims);
  localStorage.setItem('token', value);
  return value;
}
