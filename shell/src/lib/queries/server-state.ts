import type { DehydratedState } from '@tanstack/react-query';

/**
 * The query state a server-rendered remote page was rendered from (decision 018), handed to the page's query
 * client when it is created, so the module's first render reads the same data and draws the same markup.
 * Kept apart from the client itself, which loads later, with the first area that reads data.
 */
let pending: DehydratedState | null = null;

export function setServerQueries(state: DehydratedState | null): void {
  pending = state;
}

export function takeServerQueries(): DehydratedState | null {
  const state = pending;
  pending = null;
  return state;
}
