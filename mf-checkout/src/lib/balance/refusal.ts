import { answeredStatus, serverMessage } from '@institute/shared/api';

/**
 * The server's own words when it refused an order on the balance rules: 400 (amount against the rules) or
 * 409 (already paid in full; or the class session is full, closed or past its deadline), or 428 (the enrollment
 * agreement is not accepted). Null for anything else, or when the server sent no message of its own.
 */
export function balanceRefusal(error: unknown): string | null {
  const status = answeredStatus(error);
  return status === 400 || status === 409 || status === 428 ? serverMessage(error) : null;
}
