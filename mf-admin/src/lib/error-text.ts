import { ApiError } from '@institute/shared/api';

/** When the server answered with a status, show it; otherwise (no connection) the section's fallback text. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status > 0 ? `HTTP error! status: ${error.status}` : fallback;
}
