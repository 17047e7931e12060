import { makeToken as token } from '@institute/shared/testing';

export * from '@institute/shared/testing';

const STUDENT = { id: 'user-1', username: 'student', email: 'student@example.com', role: 'user' };

/** A student's token unless the claims say otherwise. */
export const makeToken = (claims: Record<string, unknown> = {}) => token({ ...STUDENT, ...claims });

export function signIn(claims: Record<string, unknown> = {}): string {
  const value = makeToken(claims);
  localStorage.setItem('token', value);
  return value;
}
