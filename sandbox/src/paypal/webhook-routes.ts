import type { FastifyInstance, FastifyReply } from 'fastify';
import { debugId } from '../lib/ids';
import { requireBearer } from './auth';
import { PayPalError, handlePayPalErrors } from './errors';
import { CERT_ID, webhookSigner } from './signing';
import type { VerifyRequest } from './webhooks';

const FIELDS = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event'] as const;

/** The notifications API answers v1-style validation errors (name VALIDATION_ERROR with field details). */
function validationError(reply: FastifyReply, fields: string[]): FastifyReply {
  const id = debugId();
  return reply.code(400).header('paypal-debug-id', id).send({
    name: 'VALIDATION_ERROR',
    message: 'Invalid request - see details',
    debug_id: id,
    information_link: 'https://developer.paypal.com/docs/api/webhooks/#errors',
    details: fields.map((field) => ({ field, location: 'body', issue: 'Required field cannot be blank' })),
    links: [],
  });
}

export default async function webhookRoutes(app: FastifyInstance): Promise<void> {
  const context = app.sandbox;
  handlePayPalErrors(app);

  app.post('/v1/notifications/verify-webhook-signature', async (request, reply) => {
    requireBearer(context, request, false);
    const body = (request.body ?? {}) as Partial<Record<(typeof FIELDS)[number], unknown>>;
    const blank = FIELDS.filter((field) => (field === 'webhook_event' ? typeof body[field] !== 'object' || body[field] === null : typeof body[field] !== 'string' || !body[field]));
    if (blank.length) return validationError(reply, blank);
    return { verification_status: context.webhooks.verify(body as VerifyRequest) };
  });

  // The certificate named in paypal-cert-url: public, as PayPal's is, so receivers verify signatures themselves.
  app.get<{ Params: { id: string } }>('/v1/notifications/certs/:id', async (request, reply) => {
    if (request.params.id !== CERT_ID) {
      throw new PayPalError('RESOURCE_NOT_FOUND', [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist. Please check the resource ID and try again.', location: 'path' }]);
    }
    return reply.type('application/x-pem-file').send((await webhookSigner()).certificate);
  });

  app.get<{ Params: { id: string } }>('/v1/notifications/webhooks-events/:id', async (request) => {
    requireBearer(context, request, false);
    const sent = context.state.webhooks.find((w) => w.event_id === request.params.id);
    if (!sent) throw new PayPalError('RESOURCE_NOT_FOUND', [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist. Please check the resource ID and try again.', location: 'path' }]);
    return JSON.parse(sent.body) as unknown;
  });
}
