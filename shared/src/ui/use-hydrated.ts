import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates prerendered HTML (and on the server), true otherwise. Whatever differs between
 * the prerendered page and the visitor's browser (a stored session, a remote module) renders after hydration,
 * so the first client render matches the HTML and nothing is thrown away.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, () => true, () => false);
}
