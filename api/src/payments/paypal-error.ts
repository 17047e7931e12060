import { HttpError } from '../lib/http-errors';

export const PROVIDER_TEXT = {
  unavailable: 'PayPal could not be reached. Please try again in a moment.',
  refused: 'PayPal could not process this request. Please try again later.',
} as const;

/**
 * A PayPal failure. It is a 502 for the client unless the caller handles it: `unavailable` (network, timeout,
 * 5xx, unreadable answer: the outcome is unknown) or `refused` (a 4xx with PayPal's issue code).
 */
export class PayPalError extends HttpError {
  constructor(
    readonly kind: 'unavailable' | 'refused',
    readonly providerStatus: number,
    readonly issue: string | null = null,
    readonly debugId: string | null = null,
  ) {
    super(502, PROVIDER_TEXT[kind]);
  }
}
