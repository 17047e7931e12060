import { ApiError } from '@institute/shared/api';

/**
 * The server's own words when it refused an order on the balance rules: 400 (amount against the rules) or
 * 409 (already paid in full). Null for anything else, or when the server sent no message of its own.
 */
export function balanceRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 409)) return null;
  const message = error.message.trim();
  // `request` fills in "HTTP error! status: N" when the body had no message; that says nothing to a student.
  return message && !message.startsWith('HTTP error!') ? message : null;
}
