import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';
import { databaseUnavailable } from '../../db/db';
import { HttpError, statusName } from '../../lib/http-errors';
import { validationMessage } from '../../lib/validation-message';

// Fastify and plugin errors whose own wording is unhelpful to an API client.
const KNOWN: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'The request body is not valid JSON.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type. Send application/json.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'The Content-Length header does not match the body.'],
  FST_FILES_LIMIT: [413, 'Only one file may be uploaded per request.'],
  FST_PARTS_LIMIT: [413, 'The form has too many parts.'],
  FST_FIELDS_LIMIT: [413, 'The form has too many fields.'],
  FST_PROTO_VIOLATION: [400, 'The form contains a forbidden field name.'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'Unsupported content type. Send multipart/form-data.'],
};

/** Seconds a client is asked to wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 5;
export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a few seconds.';
export const TIMEOUT_MESSAGE = 'The server took too long to answer. Please try again in a few seconds.';

declare module 'fastify' {
  interface FastifyRequest {
    deadlineTimer?: NodeJS.Timeout;
  }
  interface FastifyContextConfig {
    /** This route's own request deadline (ms), e.g. a call that may wait on PayPal more than once; default config.requestTimeoutMs. */
    requestTimeoutMs?: number;
  }
}

function isSyntaxError(error: unknown): boolean {
  return error instanceof SyntaxError || (error as { name?: string } | null)?.name === 'SyntaxError';
}

/**
 * One error shape everywhere: `{ error, message }`. Client errors say what to fix; server errors say
 * nothing specific (the detail goes to the log only) and never carry a stack trace.
 */
export default fp<{ config: AppConfig }>(async (app, { config }) => {
  const known: Record<string, [number, string]> = {
    ...KNOWN,
    FST_REQ_FILE_TOO_LARGE: [413, `The file is too large. The limit is ${Math.round(config.uploadLimitBytes / 1024 / 1024)} MB.`],
  };

  /** Decides status and client-safe message; null means "unexpected": a 500 with a generic message. */
  function classify(raw: unknown): [number, string] | null {
    const error = raw as FastifyError;
    if (raw instanceof HttpError) return [raw.statusCode, raw.message];
    // Database down, unreachable or too slow: the truth is "try again later", not a bug (decision 012).
    if (databaseUnavailable(raw)) return [503, UNAVAILABLE_MESSAGE];
    if (error.validation) return [400, validationMessage(error.validation, error.validationContext)];
    if (error.code && known[error.code]) return known[error.code]!;
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 400 && isSyntaxError(error)) return [400, 'The request body is not valid JSON.'];
    // Other 4xx come from Fastify or its plugins (rate limit, body parsing) and carry safe messages.
    if (status >= 400 && status < 500) return [status, error.message || statusName(status)];
    return null;
  }

  app.setErrorHandler((raw, request, reply) => {
    const decided = classify(raw);
    if (decided) request.log.info({ status: decided[0], reason: decided[1] }, 'request rejected');
    else request.log.error({ err: raw }, 'request failed');
    const [status, message] = decided ?? [500, 'Something went wrong on our side. Please try again later.'];
    if (status === 503) void reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
    void reply.code(status).type('application/json; charset=utf-8').send({ error: statusName(status), message });
  });

  // The request deadline: whatever a handler still waits for (a hung database, a slow provider), the client gets
  // 503 with Retry-After once requestTimeoutMs has passed, and the late answer is dropped. Database and PayPal
  // timeouts are shorter, so this only catches what nothing else bounded.
  app.addHook('onRequest', async (request, reply) => {
    const ms = request.routeOptions.config?.requestTimeoutMs ?? config.requestTimeoutMs;
    request.deadlineTimer = setTimeout(() => {
      if (reply.sent || reply.raw.headersSent) return;
      request.log.error({ url: request.url, ms }, 'request deadline passed; answering 503');
      void reply
        .code(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .header('Cache-Control', 'no-store')
        .type('application/json; charset=utf-8')
        .send({ error: statusName(503), message: TIMEOUT_MESSAGE });
    }, ms);
    request.deadlineTimer.unref();
  });
  app.addHook('onResponse', async (request) => {
    clearTimeout(request.deadlineTimer);
  });
  app.addHook('onRequestAbort', async (request) => {
    clearTimeout(request.deadlineTimer);
  });

  app.setNotFoundHandler({ preHandler: app.rateLimit({ max: 100, timeWindow: 60_000 }) }, (request, reply) => {
    void reply.code(404).send({ error: 'Not Found', message: `Route ${request.method} ${request.url.split('?')[0]!.slice(0, 200)} not found.` });
  });
}, { name: 'errors', dependencies: ['rate-limit'] });
