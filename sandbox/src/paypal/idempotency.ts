import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import type { TokenRecord } from '../state';
import { invalidRequest } from './errors';

/**
 * PayPal-Request-Id: the first successful call answers 201, a replay with the same id answers 200 with the
 * very same body and does nothing again. Failures are not stored, so a retry after an error runs for real.
 */
export function idempotent(
  context: SandboxContext,
  request: FastifyRequest,
  reply: FastifyReply,
  token: TokenRecord,
  scope: string,
  run: () => Record<string, unknown>,
): FastifyReply {
  const header = request.headers['paypal-request-id'];
  const requestId = Array.isArray(header) ? header[0] : header;
  if (requestId !== undefined && (requestId.length < 1 || requestId.length > 108)) {
    throw invalidRequest('INVALID_STRING_LENGTH', 'The value of a field is either too short or too long.', { field: 'PayPal-Request-Id', location: 'header' });
  }
  const key = requestId ? `${token.clientId}|${scope}|${requestId}` : undefined;
  const stored = key ? context.state.replays.get(key) : undefined;
  if (stored) return reply.code(200).type('application/json').send(stored);
  const body = JSON.stringify(run());
  if (key) context.state.replays.set(key, body);
  return reply.code(201).type('application/json').send(body);
}
