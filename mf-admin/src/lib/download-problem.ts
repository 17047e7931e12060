import { answeredStatus } from '@institute/shared/api';

/**
 * What a failed file download says: "{what} (status 500)." when the server answered, the client's own sentence
 * (server unreachable, no answer in time) when it did not.
 */
export function downloadProblem(what: string, error: unknown): string {
  const status = answeredStatus(error);
  if (status !== null) return `${what} (status ${status}).`;
  return error instanceof Error ? error.message : `${what}.`;
}
