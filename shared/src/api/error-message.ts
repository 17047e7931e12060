import { ApiError } from './http';

/** Texts a form shows when a call fails; the server's own message is used for other 4xx answers. */
export const API_ERROR_TEXT = {
  network: 'The server could not be reached. Check your connection and try again.',
  timeout: 'The server took too long to answer. Please try again.',
  tooMany: 'Too many attempts. Please wait a minute and try again.',
  server: 'Something went wrong on our side. Please try again in a moment.',
  unavailable: 'The service is temporarily unavailable. Please try again in a few seconds.',
  unknown: 'Something went wrong. Please try again.',
} as const;

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * One sentence for a failed call, fit to show the user: no answer (network, timeout), 429, 5xx each have their
 * own; any other 4xx shows the server's message (e.g. "Invalid email or password.", an email already taken).
 */
export function apiErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return API_ERROR_TEXT.unknown;
  if (error.kind === 'timeout') return API_ERROR_TEXT.timeout;
  if (error.kind === 'network' || error.status === 0) return API_ERROR_TEXT.network;
  if (error.status === 429) {
    const wait = error.retryAfterSeconds;
    // Sign-in throttling (decision 015) can ask for up to an hour; longer or missing waits get the plain sentence.
    return wait && wait > 0 && wait <= 3600 ? `Too many attempts. Please wait ${waitText(wait)} and try again.` : API_ERROR_TEXT.tooMany;
  }
  if (error.status === 503) return API_ERROR_TEXT.unavailable;
  if (error.status >= 500) return API_ERROR_TEXT.server;
  return messageFor(error, API_ERROR_TEXT.unknown);
}

/** The server's own words for a failed call (its `{ error, message }` body), or null: no answer, or no message sent. */
export function serverMessage(error: unknown): string | null {
  return error instanceof ApiError && error.status > 0 ? error.serverMessage : null;
}

/** One path for a failed call's text: the server's own message when it sent one, otherwise `fallback`. */
export function messageFor(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback;
}

/** The HTTP status the server answered a failed call with; null when it did not answer (network, timeout). */
export function answeredStatus(error: unknown): number | null {
  return error instanceof ApiError && error.status > 0 ? error.status : null;
}

/** The spec's list and save failure text, "HTTP error! status: {code}", when the server answered; else `fallback`. */
export function statusText(error: unknown, fallback: string): string {
  const status = answeredStatus(error);
  return status === null ? fallback : `HTTP error! status: ${status}`;
}
