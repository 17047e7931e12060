import { ApiError } from '@institute/shared/api';

/**
 * Capturing an approved order again is always safe: the server captures with a PayPal-Request-Id derived from
 * the order id and records one payment per order (decision 011). So when the answer to a capture is unknown
 * (no answer, a timeout, a 5xx, another capture of the balance in flight) the same order is tried again, a few
 * times with growing waits, before anything else happens; a new order is never the answer to an unknown outcome.
 */
export const captureRetry = {
  /** Waits before the 2nd, 3rd... attempt; tests shorten them. */
  delaysMs: [1000, 2000, 4000, 8000],
};

export const CONFIRMING_TEXT = 'We are confirming your payment with PayPal. Please wait, and do not pay again.';
export const STILL_CONFIRMING_TEXT =
  'We could not confirm your payment with PayPal yet. Please do not pay again: if PayPal took the payment it will be recorded within a few minutes, and your balance will update.';

/** The server answered "being processed" for this balance: the outcome is not known yet. */
const IN_FLIGHT = /being processed/i;

/** True when a failed capture call says nothing final about the payment. */
export function isUnknownOutcome(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.isNetworkOrTimeout || error.status === 0 || error.status >= 500) return true;
  return error.status === 409 && IN_FLIGHT.test(error.message);
}

export type CaptureOutcome<T> =
  | { kind: 'done'; value: T }
  /** The server gave a final answer that is not a payment (declined, rejected, cancelled). */
  | { kind: 'failed'; error: unknown }
  /** Every attempt ended without knowing: the server and its reconciler will settle it with PayPal. */
  | { kind: 'unknown'; error: unknown };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `capture` until it answers, fails for good, or the retries are used up; `onRetry` before each retry. */
export async function captureWithRetry<T>(
  capture: () => Promise<T>,
  options: { delaysMs?: readonly number[]; onRetry?: (attempt: number) => void } = {},
): Promise<CaptureOutcome<T>> {
  const delays = options.delaysMs ?? captureRetry.delaysMs;
  let lastError: unknown = null;
  for (let attempt = 0; attempt <= delays.length; attempt += 1) {
    if (attempt > 0) {
      options.onRetry?.(attempt);
      await wait(delays[attempt - 1]!);
    }
    try {
      return { kind: 'done', value: await capture() };
    } catch (error) {
      if (!isUnknownOutcome(error)) return { kind: 'failed', error };
      lastError = error;
    }
  }
  return { kind: 'unknown', error: lastError };
}
