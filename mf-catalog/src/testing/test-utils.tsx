import type { ReactElement } from 'react';
import { LocationProbe, makeToken, renderWithProviders } from '@institute/shared/testing';

export * from '@institute/shared/testing';

const STUDENT = { id: 'u1', username: 'ada', email: 'ada@example.test', role: 'user' };

/** Stores an unsigned JWT under `token` (and the userId) so AuthProvider restores a signed-in session. */
export function signIn(claims: Partial<typeof STUDENT> = {}): string {
  const user = { ...STUDENT, ...claims };
  const token = makeToken(user);
  localStorage.setItem('token', token);
  localStorage.setItem('userId', user.id);
  return token;
}

/**
 * Mounts the page at `path`; the location (with its navigation state) shows only once navigation leaves it,
 * so a navigation assertion cannot pass on the starting address.
 */
export function renderAt(ui: ReactElement, { route = '/', path = '/' }: { route?: string; path?: string } = {}) {
  return renderWithProviders(ui, { route, path, routes: { '*': <LocationProbe /> } });
}
