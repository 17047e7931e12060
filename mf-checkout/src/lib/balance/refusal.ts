import { answeredStatus, serverMessage } from '@institute/shared/api';

/**
 * The server's own words when it refused an order on the balance rules: 400 (amount against the rules) or
 * 409 (already paid in full). Null for anything else, or when the server sent no message of its own.
 */
export function balanceRefusal(error: unknown): string | null {
  const status = answeredStatus(error);
  return status === 400 || status === 409 ? serverMessage(error) : null;
}
