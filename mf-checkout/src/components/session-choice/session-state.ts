/** The class session chosen on the payment page, carried to the checkout variant in navigation state. */
export function readSessionId(state: unknown): string | undefined {
  const id = (state as { sessionId?: unknown } | null)?.sessionId;
  return typeof id === 'string' && id ? id : undefined;
}

export function withSessionId(state: unknown, sessionId: string | undefined): unknown {
  if (!sessionId) return state;
  return { ...(state && typeof state === 'object' ? state : {}), sessionId };
}
