import type { FastifyError, FastifyInstance } from 'fastify';
import { debugId } from '../lib/ids';

const NAMES = {
  INVALID_REQUEST: [400, 'Request is not well-formed, syntactically incorrect, or violates schema.'],
  AUTHENTICATION_FAILURE: [401, 'Authentication failed due to invalid authentication credentials or a missing Authorization header.'],
  NOT_AUTHORIZED: [403, 'Authorization failed due to insufficient permissions.'],
  RESOURCE_NOT_FOUND: [404, 'The specified resource does not exist.'],
  UNSUPPORTED_MEDIA_TYPE: [415, 'The server does not support the request payload media type.'],
  UNPROCESSABLE_ENTITY: [422, 'The requested action could not be performed, semantically incorrect, or failed business validation.'],
  INTERNAL_SERVER_ERROR: [500, 'An internal server error has occurred.'],
} as const;

export type PayPalErrorName = keyof typeof NAMES;

export interface PayPalIssue {
  issue: string;
  description: string;
  field?: string;
  value?: string;
  location?: 'body' | 'path' | 'header' | 'query';
}

/** Thrown by PayPal routes; the scoped error handler turns it into PayPal's v2 error body. */
export class PayPalError extends Error {
  constructor(
    readonly errorName: PayPalErrorName,
    readonly details: PayPalIssue[] = [],
  ) {
    super(NAMES[errorName][1]);
  }

  get statusCode(): number {
    return NAMES[this.errorName][0];
  }

  body(id: string): Record<string, unknown> {
    const first = this.details[0];
    const docs = first ? `https://developer.paypal.com/docs/api/orders/v2/#error-${first.issue}` : 'https://developer.paypal.com/api/rest/reference/orders/v2/errors/';
    return {
      name: this.errorName,
      message: this.message,
      ...(this.details.length ? { details: this.details } : {}),
      debug_id: id,
      links: [{ href: docs, rel: 'information_link', method: 'GET' }],
    };
  }
}

export const invalidRequest = (issue: string, description: string, extra: Omit<PayPalIssue, 'issue' | 'description'> = {}) =>
  new PayPalError('INVALID_REQUEST', [{ ...extra, issue, description, location: extra.location ?? 'body' }]);

export const unprocessable = (issue: string, description: string, extra: Omit<PayPalIssue, 'issue' | 'description'> = {}) =>
  new PayPalError('UNPROCESSABLE_ENTITY', [{ ...extra, issue, description }]);

export const orderNotFound = (id: string) =>
  new PayPalError('RESOURCE_NOT_FOUND', [{
    field: 'order_id', value: id, location: 'path', issue: 'INVALID_RESOURCE_ID',
    description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
  }]);

function toPayPalError(raw: unknown): PayPalError | null {
  if (raw instanceof PayPalError) return raw;
  const error = raw as FastifyError;
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new PayPalError('UNSUPPORTED_MEDIA_TYPE');
  if (error.statusCode === 400 || error instanceof SyntaxError) {
    return invalidRequest('MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
  }
  return null;
}

/** Scopes PayPal's error shape (and its PayPal-Debug-Id header) to the plugin it is called in. */
export function handlePayPalErrors(app: FastifyInstance): void {
  app.setErrorHandler((raw, request, reply) => {
    const error = toPayPalError(raw) ?? new PayPalError('INTERNAL_SERVER_ERROR');
    if (error.statusCode >= 500) request.log.error({ err: raw }, 'paypal stand-in failed');
    const id = debugId();
    void reply.code(error.statusCode).header('paypal-debug-id', id).send(error.body(id));
  });
}
