import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { isoNow, type SandboxContext } from '../context';
import { randomId } from '../lib/ids';
import type { WebhookRecord } from '../state';
import { CERT_ID, type WebhookSigner } from './signing';

export interface VerifyRequest {
  auth_algo: string;
  cert_url: string;
  transmission_id: string;
  transmission_sig: string;
  transmission_time: string;
  webhook_id: string;
  webhook_event: unknown;
}

const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * Sends PayPal-shaped webhook events to the configured URL. Delivery runs in the background: a receiver that
 * is down or answers an error is logged and retried with exponential backoff (`webhookRetries` more attempts,
 * `webhookRetryBaseMs` doubling), as PayPal retries; it never fails the request that caused the event. With
 * webhooks turned off (POST /__control/paypal {"webhooks": false}) events are recorded as suppressed, never sent.
 */
export class Webhooks {
  private readonly pending = new Set<Promise<void>>();
  private readonly retries = new Set<NodeJS.Timeout>();
  private closed = false;
  constructor(
    private readonly context: () => SandboxContext,
    private readonly log: FastifyBaseLogger,
    // Signed as PayPal signs (RSA over the ids and the body's CRC32), so a receiver can verify locally.
    private readonly signer: WebhookSigner,
  ) {}

  emit(eventType: string, resourceType: string, resource: Record<string, unknown>, summary: string): WebhookRecord | undefined {
    const context = this.context();
    const url = context.options.webhookUrl;
    if (!url) return undefined;
    const base = context.baseUrl();
    const id = `WH-${randomId(17)}-${randomId(17)}`;
    const event = {
      id, event_version: '1.0', create_time: isoNow(context), resource_type: resourceType, resource_version: '2.0',
      event_type: eventType, summary, resource,
      links: [
        { href: `${base}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' },
        { href: `${base}/v1/notifications/webhooks-events/${id}/resend`, rel: 'resend', method: 'POST' },
      ],
    };
    const body = JSON.stringify(event);
    const transmissionId = randomUUID();
    const transmissionTime = isoNow(context);
    const record: WebhookRecord = {
      event_id: id, event_type: eventType, url, body, status: context.state.paypalFaults.webhooks ? 'pending' : 'suppressed', attempts: 0,
      transmission_id: transmissionId,
      transmission_time: transmissionTime,
      transmission_sig: this.signer.sign(transmissionId, transmissionTime, context.options.webhookId, body),
      cert_url: `${base}/v1/notifications/certs/${CERT_ID}`,
      auth_algo: 'SHA256withRSA',
    };
    context.state.webhooks.push(record);
    if (record.status === 'pending') this.attempt(record);
    return record;
  }

  /** SUCCESS only for an event this sandbox sent, quoted back unchanged with its transmission headers. */
  verify(request: VerifyRequest): 'SUCCESS' | 'FAILURE' {
    const context = this.context();
    if (request.webhook_id !== context.options.webhookId) return 'FAILURE';
    const sent = context.state.webhooks.find((w) => w.transmission_id === request.transmission_id);
    if (!sent) return 'FAILURE';
    const matches =
      sent.transmission_sig === request.transmission_sig &&
      sent.transmission_time === request.transmission_time &&
      sent.cert_url === request.cert_url &&
      sent.auth_algo === request.auth_algo &&
      isDeepStrictEqual(JSON.parse(sent.body), request.webhook_event);
    return matches ? 'SUCCESS' : 'FAILURE';
  }

  /**
   * Resolves when every delivery attempt started so far has finished (tests and shutdown wait on it). Retries
   * scheduled for later are not waited for; `retriesScheduled()` tells whether any remain.
   */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  retriesScheduled(): number {
    return this.retries.size;
  }

  /** Shutdown: scheduled retries are dropped (their records stay `retrying`), attempts in flight finish. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.retries) clearTimeout(timer);
    this.retries.clear();
    await this.idle();
  }

  private attempt(record: WebhookRecord): void {
    const delivery = this.deliver(record)
      .then(() => this.scheduleRetry(record))
      .finally(() => this.pending.delete(delivery));
    this.pending.add(delivery);
  }

  private scheduleRetry(record: WebhookRecord): void {
    if (record.status !== 'failed' || this.closed) return;
    const { webhookRetries, webhookRetryBaseMs } = this.context().options;
    if (record.attempts > webhookRetries) return;
    record.status = 'retrying';
    const delay = webhookRetryBaseMs * 2 ** (record.attempts - 1);
    const timer = setTimeout(() => {
      this.retries.delete(timer);
      if (!this.closed) this.attempt(record);
    }, delay);
    timer.unref();
    this.retries.add(timer);
  }

  private async deliver(record: WebhookRecord): Promise<void> {
    record.attempts += 1;
    try {
      const response = await fetch(record.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'PayPal/AUHD-214.0-58297665 (provider sandbox)',
          'paypal-transmission-id': record.transmission_id,
          'paypal-transmission-time': record.transmission_time,
          'paypal-transmission-sig': record.transmission_sig,
          'paypal-cert-url': record.cert_url,
          'paypal-auth-algo': record.auth_algo,
        },
        body: record.body,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
      record.response_status = response.status;
      record.status = response.ok ? 'delivered' : 'failed';
      if (!response.ok) this.log.warn({ url: record.url, event: record.event_type, status: response.status }, 'webhook receiver answered an error');
    } catch (error) {
      record.status = 'failed';
      record.error = error instanceof Error ? error.message : String(error);
      this.log.warn({ url: record.url, event: record.event_type, err: record.error }, 'webhook delivery failed');
    }
  }
}
