import type { ReactElement } from 'react';
import { makeToken, renderWithProviders as render, type RenderOptions } from '@institute/shared/testing';

/** Test-only helpers for the shell's feature tests: the shared ones plus the shell's own users. */
export * from '@institute/shared/testing';

// A type alias, not an interface, so it passes where claims are a plain record.
export type Claims = { id: string; username: string; email: string; role: 'user' | 'admin' };

export const student: Claims = { id: 'u1', username: 'Maya', email: 'maya@example.com', role: 'user' };
export const admin: Claims = { id: 'a1', username: 'Ada', email: 'ada@example.com', role: 'admin' };

export function signIn(claims: Claims = student, userId: string | null = claims.id): void {
  localStorage.setItem('token', makeToken(claims));
  if (userId) localStorage.setItem('userId', userId);
}

/** The element under test answers every address unless `path` says otherwise, and the location is always shown. */
export const renderWithProviders = (ui: ReactElement, options: RenderOptions = {}) =>
  render(ui, { path: '*', probe: true, ...options });
