import type { FastifyInstance, FastifyReply } from 'fastify';
import { PayPalError } from '../paypal/errors';
import { approveOrder } from '../paypal/orders';
import { refundCapture, refundResource } from '../paypal/refunds';
import { orderResource } from '../paypal/views';

type Json = Record<string, unknown>;

const count = (value: unknown): number | null => (Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 1000 ? (value as number) : null);

function badRequest(reply: FastifyReply, message: string): FastifyReply {
  return reply.code(400).send({ error: 'Bad Request', message });
}

/** Test controls: make providers fail on purpose, or approve an order without a browser. Not part of any provider. */
export default async function controlRoutes(app: FastifyInstance): Promise<void> {
  const context = app.sandbox;

  app.setErrorHandler((raw, request, reply) => {
    if (raw instanceof PayPalError) {
      return reply.code(raw.statusCode).send({ error: raw.details[0]?.issue ?? raw.errorName, message: raw.details[0]?.description ?? raw.message });
    }
    const status = (raw as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) request.log.error({ err: raw }, 'control request failed');
    return reply.code(status).send({ error: status >= 500 ? 'Internal Server Error' : 'Bad Request', message: status >= 500 ? 'The sandbox failed.' : (raw as Error).message });
  });

  // { failNext: n, status?: 4xx/5xx, text?: "...", templateId?: "..." }: the next n EmailJS sends (of that template
  // only, when given: the API's own mail must not use up a failure meant for the browser's form) answer that error.
  app.post('/__control/emailjs', async (request, reply) => {
    const body = (request.body ?? {}) as Json;
    const failNext = count(body.failNext);
    if (failNext === null) return badRequest(reply, 'failNext must be an integer from 0 to 1000.');
    const status = body.status ?? 500;
    if (!Number.isInteger(status) || (status as number) < 400 || (status as number) > 599) return badRequest(reply, 'status must be an HTTP error status (400-599).');
    if (body.text !== undefined && typeof body.text !== 'string') return badRequest(reply, 'text must be a string.');
    if (body.templateId !== undefined && (typeof body.templateId !== 'string' || body.templateId === '')) return badRequest(reply, 'templateId must be a template id.');
    const templateId = body.templateId as string | undefined;
    context.state.emailFailures = {
      remaining: failNext, status: status as number, text: (body.text as string | undefined) ?? 'The sandbox was told to fail this send (POST /__control/emailjs).',
      ...(templateId ? { templateId } : {}),
    };
    return { failNext, status, text: context.state.emailFailures.text, ...(templateId ? { templateId } : {}) };
  });

  /*
   * Any of, in one body (at least one):
   * - { failNextCapture: n, issue?: "INSTRUMENT_DECLINED" }: the next n captures answer 422 with that issue;
   * - { dropNextCaptureResponse: n, dropMode?: "destroy" | "hang" }: the next n captures (replays included) are
   *   done at PayPal, but the answer is lost: the connection is destroyed, or nothing is sent until the caller
   *   gives up;
   * - { delayMs: n }: every PayPal REST answer (/v1, /v2) is sent n ms late; the request itself is handled at
   *   once, so a caller that gives up first does not know the outcome; 0 turns it off;
   * - { webhooks: false | true }: stop or resume webhook delivery (events raised while off are never sent).
   */
  app.post('/__control/paypal', async (request, reply) => {
    const body = (request.body ?? {}) as Json;
    const known = ['failNextCapture', 'issue', 'dropNextCaptureResponse', 'dropMode', 'delayMs', 'webhooks'];
    const unknown = Object.keys(body).filter((key) => !known.includes(key));
    if (unknown.length > 0 || Object.keys(body).length === 0) {
      return badRequest(reply, `Send one or more of ${known.join(', ')}${unknown.length ? ` (unknown: ${unknown.join(', ')})` : ''}.`);
    }
    if ('failNextCapture' in body || 'issue' in body) {
      const failNextCapture = count(body.failNextCapture);
      if (failNextCapture === null) return badRequest(reply, 'failNextCapture must be an integer from 0 to 1000.');
      const issue = body.issue ?? 'INSTRUMENT_DECLINED';
      if (typeof issue !== 'string' || !/^[A-Z_]{3,64}$/.test(issue)) return badRequest(reply, 'issue must be a PayPal issue code such as INSTRUMENT_DECLINED.');
      context.state.captureFailures = { remaining: failNextCapture, issue };
    }
    const faults = { ...context.state.paypalFaults };
    if ('dropNextCaptureResponse' in body || 'dropMode' in body) {
      const drop = count(body.dropNextCaptureResponse ?? faults.dropCaptureResponses);
      if (drop === null) return badRequest(reply, 'dropNextCaptureResponse must be an integer from 0 to 1000.');
      const mode = body.dropMode ?? 'destroy';
      if (mode !== 'destroy' && mode !== 'hang') return badRequest(reply, 'dropMode must be "destroy" or "hang".');
      faults.dropCaptureResponses = drop;
      faults.dropMode = mode;
    }
    if ('delayMs' in body) {
      const delay = body.delayMs;
      if (!Number.isInteger(delay) || (delay as number) < 0 || (delay as number) > 600_000) return badRequest(reply, 'delayMs must be an integer from 0 to 600000.');
      faults.delayMs = delay as number;
    }
    if ('webhooks' in body) {
      if (typeof body.webhooks !== 'boolean') return badRequest(reply, 'webhooks must be true or false.');
      faults.webhooks = body.webhooks;
    }
    context.state.paypalFaults = faults;
    const { remaining, issue } = context.state.captureFailures;
    return {
      failNextCapture: remaining, issue, dropNextCaptureResponse: faults.dropCaptureResponses, dropMode: faults.dropMode,
      delayMs: faults.delayMs, webhooks: faults.webhooks,
    };
  });

  /*
   * A refund made by the merchant in PayPal's dashboard, not through the REST API: { amount?: { currency_code,
   * value }, note_to_payer? }, no amount meaning all that is left. The same rules, errors and capture states as
   * POST /v2/payments/captures/:id/refund, and the same PAYMENT.CAPTURE.REFUNDED webhook (full or partial); the
   * dashboard sets no custom_id, so the refund carries none of the merchant's own ids.
   */
  app.post<{ Params: { id: string } }>('/__control/paypal/captures/:id/refund', async (request, reply) => {
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) return badRequest(reply, 'Send { amount?: { currency_code, value }, note_to_payer? }.');
    const { custom_id: _ignored, ...fields } = body as Json;
    const { refund } = refundCapture(context, request.params.id, null, fields);
    return reply.code(201).send(refundResource(context, refund));
  });

  // Approves as the buyer would, firing CHECKOUT.ORDER.APPROVED, for "approved then abandoned" journeys.
  app.post<{ Params: { id: string } }>('/__control/paypal/orders/:id/approve', async (request) => {
    return orderResource(context, approveOrder(context, request.params.id));
  });
}
