import { Message } from '@institute/shared/schemas';
import type { RoutePlugin } from '../../lib/type-provider';
import { badRequest } from '../../lib/http-errors';
import type { PayPalWebhookEvent, WebhookTransmission } from '../../payments/paypal-types';
import { PAYMENT_TEXT } from '../../payments/texts';
import { errors } from '../schemas';

const HEADERS: Record<keyof WebhookTransmission, string> = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
};

/** The events this site acts on (the ones the webhook is registered for, docs/payments.md). */
const KNOWN_EVENTS = new Set([
  'CHECKOUT.ORDER.APPROVED', 'CHECKOUT.ORDER.COMPLETED', 'PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.PENDING',
  'PAYMENT.CAPTURE.DENIED', 'PAYMENT.CAPTURE.REFUNDED', 'PAYMENT.CAPTURE.REVERSED',
]);

/** Events whose resource is a refund: a refund, full or partial, from anywhere; a reversal (chargeback) is one too. */
const REFUND_EVENTS = new Set(['PAYMENT.CAPTURE.REFUNDED', 'PAYMENT.CAPTURE.REVERSED']);

/** The order an event is about: the order itself (CHECKOUT.ORDER.*) or the capture's order (PAYMENT.CAPTURE.*). */
function orderIdOf(event: PayPalWebhookEvent): string | null {
  const type = event.event_type ?? '';
  const id = type.startsWith('CHECKOUT.ORDER.')
    ? event.resource?.id
    : type.startsWith('PAYMENT.CAPTURE.') ? event.resource?.supplementary_data?.related_ids?.order_id : undefined;
  return typeof id === 'string' ? id : null;
}

function isEvent(value: unknown): value is PayPalWebhookEvent {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as PayPalWebhookEvent).event_type === 'string';
}

/**
 * PayPal's webhook (public: PayPal has no user token). Nothing in an event is believed: after the cheap checks
 * (headers, a known event type, the algorithm and a certificate URL on PayPal's hosts), its signature is verified
 * with PayPal's certificate (or by PayPal, PAYPAL_WEBHOOK_VERIFY=api) for PAYPAL_WEBHOOK_ID, then the order (or, for a refund, the refund and
 * its capture) is read back from PayPal and reconciled. A 502 when PayPal cannot be reached makes PayPal deliver
 * the event again later.
 */
const paymentWebhookRoutes: RoutePlugin = async (app) => {
  // The signature check quotes the event byte for byte, so this route (only) keeps the JSON body as text.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post('/api/payments/webhook', {
    // Public: PayPal calls it without a user; each event is verified with PayPal instead.
    config: { public: true, rateLimit: { max: 300, timeWindow: 60_000 } },
    schema: {
      tags: ['Payments'], summary: 'PayPal webhook: verified with PayPal, then reconciled',
      response: { 200: Message, ...errors(400, 413, 415, 429, 502) },
    },
  }, async (request) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    let event: unknown;
    try {
      event = JSON.parse(raw);
    } catch {
      throw badRequest(PAYMENT_TEXT.webhookBody);
    }
    if (!isEvent(event)) throw badRequest(PAYMENT_TEXT.webhookBody);
    const transmission = {} as WebhookTransmission;
    for (const [field, header] of Object.entries(HEADERS) as [keyof WebhookTransmission, string][]) {
      const value = request.headers[header];
      if (typeof value !== 'string' || value === '') throw badRequest(PAYMENT_TEXT.webhookHeaders);
      transmission[field] = value;
    }
    // Cheap checks first, so a forged delivery costs no certificate fetch and no PayPal call.
    if (!KNOWN_EVENTS.has(event.event_type!)) {
      request.log.info({ event: event.id, type: event.event_type }, 'PayPal webhook of a type this site does not act on');
      return { message: PAYMENT_TEXT.webhookIgnored };
    }
    if (!app.paypal.webhookPlausible(transmission) || !(await app.paypal.verifyWebhookSignature(transmission, raw))) {
      request.log.warn({ event: event.id, type: event.event_type }, 'webhook signature refused by PayPal');
      throw badRequest(PAYMENT_TEXT.webhookSignature);
    }
    if (REFUND_EVENTS.has(event.event_type!)) {
      // The resource is the refund (or reversal), which names its capture, not always the order (decision 020).
      const refundId = typeof event.resource?.id === 'string' ? event.resource.id : null;
      const outcome = refundId ? await app.payments.refundFromWebhook(refundId) : 'ignored: no refund id';
      request.log.info({ event: event.id, type: event.event_type, refundId, outcome }, 'PayPal webhook');
      return { message: PAYMENT_TEXT.webhookDone };
    }
    const orderId = orderIdOf(event);
    const outcome = orderId ? await app.payments.reconcile(orderId) : 'ignored: not about an order';
    request.log.info({ event: event.id, type: event.event_type, orderId, outcome }, 'PayPal webhook');
    return { message: PAYMENT_TEXT.webhookDone };
  });
};

export default paymentWebhookRoutes;
