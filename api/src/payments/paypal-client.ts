import type { FastifyBaseLogger } from 'fastify';
import type { PayPalConfig } from '../config';
import { PayPalError } from './paypal-error';
import { createLocalWebhookVerifier } from './webhook-signature';
import type { CreateOrderBody, PayPalCapture, PayPalOrder, PayPalRefund, WebhookTransmission } from './paypal-types';

type Json = Record<string, unknown>;
interface CallOptions {
  /** A JSON value, or JSON text sent byte for byte (webhook verification quotes the event as received). */
  body?: unknown;
  rawBody?: string;
  requestId?: string;
  prefer?: string;
}

const RETRY_DELAY_MS = 200;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function issueOf(body: Json | undefined): string | null {
  const details = Array.isArray(body?.details) ? (body.details as Json[]) : [];
  const issue = details[0]?.issue ?? body?.name ?? body?.error;
  return typeof issue === 'string' ? issue : null;
}

/**
 * PayPal REST over fetch at `apiBase` (the official SDK hard-codes PayPal's hosts). Every call is safe to repeat:
 * create and capture carry a PayPal-Request-Id, the rest only read, so one retry follows an unknown outcome.
 */
export function createPayPalClient(config: PayPalConfig, log: FastifyBaseLogger, fetchImpl: typeof fetch = fetch) {
  let token: { value: string; expiresAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;
  const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');

  async function send(path: string, init: RequestInit): Promise<{ status: number; body: Json | undefined }> {
    try {
      const response = await fetchImpl(`${config.apiBase}${path}`, { ...init, signal: AbortSignal.timeout(config.timeoutMs) });
      const text = await response.text();
      let body: Json | undefined;
      try {
        body = text ? (JSON.parse(text) as Json) : {};
      } catch {
        body = undefined;
      }
      return { status: response.status, body };
    } catch (error) {
      log.warn({ err: error, path }, 'PayPal could not be reached');
      throw new PayPalError('unavailable', 0);
    }
  }

  function failure(path: string, status: number, body: Json | undefined): PayPalError {
    const debugId = typeof body?.debug_id === 'string' ? body.debug_id : null;
    if (status >= 500 || status < 400 || body === undefined) {
      log.warn({ path, status, debugId }, 'PayPal answered with an error or an unreadable body');
      return new PayPalError('unavailable', status, null, debugId);
    }
    const issue = issueOf(body);
    log.warn({ path, status, issue, debugId }, 'PayPal refused a request');
    return new PayPalError('refused', status, issue, debugId);
  }

  async function fetchToken(): Promise<string> {
    const path = '/v1/oauth2/token';
    const { status, body } = await send(path, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: 'grant_type=client_credentials',
    });
    if (status !== 200 || typeof body?.access_token !== 'string') {
      if (status === 401) log.error('PayPal refused the API credentials (PAYPAL_CLIENT_ID / PAYPAL_CLIENT_SECRET)');
      throw failure(path, status === 200 ? 502 : status, body);
    }
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 300;
    // Renewed a minute early so a token never expires between being read and being used.
    token = { value: body.access_token, expiresAt: Date.now() + Math.max(seconds - 60, 30) * 1000 };
    return token.value;
  }

  function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return Promise.resolve(token.value);
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  }

  async function call<T>(method: 'GET' | 'POST', path: string, options: CallOptions = {}, attempt = 1): Promise<T> {
    try {
      const headers: Record<string, string> = { authorization: `Bearer ${await accessToken()}`, accept: 'application/json' };
      const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (options.requestId) headers['paypal-request-id'] = options.requestId;
      if (options.prefer) headers.prefer = options.prefer;
      const answer = await send(path, { method, headers, body });
      if (answer.status === 401 && attempt === 1) {
        token = null; // revoked or expired early: one fresh token, then give up
        return await call<T>(method, path, options, attempt + 1);
      }
      if (answer.status < 200 || answer.status >= 300 || answer.body === undefined) throw failure(path, answer.status, answer.body);
      return answer.body as T;
    } catch (error) {
      if (error instanceof PayPalError && error.kind === 'unavailable' && attempt === 1) {
        await sleep(RETRY_DELAY_MS);
        return call<T>(method, path, options, attempt + 1);
      }
      throw error;
    }
  }

  const localVerifier = createLocalWebhookVerifier(config, log, fetchImpl);

  const orderPath = (id: string) => `/v2/checkout/orders/${encodeURIComponent(id)}`;

  return {
    /** Cheap checks of a delivery's headers, before any signature work (algorithm, certificate host). */
    webhookPlausible: (transmission: WebhookTransmission) =>
      config.webhookVerification === 'api' ? transmission.auth_algo.length > 0 : localVerifier.plausible(transmission),

    /** The institute's PayPal account: the only payee whose orders are recorded as paid. */
    merchant: config.merchant,

    /**
     * How long one capture call normally takes at most here: the call and its one retry, each with its timeout
     * (the token is cached). A claim younger than this may still be capturing and is left to its request; an
     * older one is settled by asking PayPal (decision 011). Should a slow token fetch stretch a capture past it,
     * a second capture with the same PayPal-Request-Id is still the same capture.
     */
    claimWindowMs: 2 * config.timeoutMs + RETRY_DELAY_MS + 1000,

    /**
     * The request deadline of routes that may call PayPal several times (settle an earlier claim, capture with
     * its retry, read the order when the answer is lost): longer than the API's default, so they answer for real.
     */
    requestDeadlineMs: 4 * config.timeoutMs + 10_000,

    createOrder: (body: CreateOrderBody, requestId: string) =>
      call<PayPalOrder>('POST', '/v2/checkout/orders', { body, requestId, prefer: 'return=representation' }),

    getOrder: (id: string) => call<PayPalOrder>('GET', orderPath(id)),

    captureOrder: (id: string, requestId: string) =>
      call<PayPalOrder>('POST', `${orderPath(id)}/capture`, { body: {}, requestId, prefer: 'return=representation' }),

    /**
     * Refunds all or part of a capture; the same requestId (refund-<our refund id>) answers the first refund again.
     * custom_id (our refund id) is how the refund is known as ours when it comes back by webhook or in the order.
     */
    refundCapture: (captureId: string, body: { amount: { currency_code: string; value: string }; note_to_payer?: string; custom_id?: string }, requestId: string) =>
      call<Json>('POST', `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, { body, requestId, prefer: 'return=representation' }),

    getRefund: (id: string) => call<PayPalRefund>('GET', `/v2/payments/refunds/${encodeURIComponent(id)}`),

    getCapture: (id: string) => call<PayPalCapture>('GET', `/v2/payments/captures/${encodeURIComponent(id)}`),

    /**
     * Whether PayPal sent this event; `rawEvent` is the delivery's body text, unchanged. Verified here with PayPal's
     * certificate (PAYPAL_WEBHOOK_VERIFY=local, the default), or by asking PayPal (api).
     */
    async verifyWebhookSignature(transmission: WebhookTransmission, rawEvent: string): Promise<boolean> {
      if (config.webhookVerification === 'local') return localVerifier.verify(transmission, rawEvent);
      const fields = JSON.stringify({ ...transmission, webhook_id: config.webhookId });
      const rawBody = `${fields.slice(0, -1)},"webhook_event":${rawEvent}}`;
      const answer = await call<Json>('POST', '/v1/notifications/verify-webhook-signature', { rawBody });
      return answer.verification_status === 'SUCCESS';
    },
  };
}

export type PayPalClient = ReturnType<typeof createPayPalClient>;
