import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { SandboxContext } from './context';
import cloudinaryRoutes from './cloudinary/routes';
import controlRoutes from './control/routes';
import emailjsRoutes from './emailjs/routes';
import inboxRoutes from './inbox/routes';
import { resolveOptions, type SandboxOptions } from './options';
import oauthRoutes from './paypal/auth';
import checkoutRoutes from './paypal/checkout-routes';
import orderRoutes from './paypal/order-routes';
import sdkRoutes from './paypal/sdk-routes';
import webhookRoutes from './paypal/webhook-routes';
import { webhookSigner } from './paypal/signing';
import { Webhooks } from './paypal/webhooks';
import { SandboxState } from './state';

export type { SandboxOptions } from './options';

/** The sandbox's own pages and endpoints (inbox, test controls), as opposed to the providers' wire protocols. */
export function isSandboxOwn(url: string): boolean {
  const path = url.split('?')[0]!;
  return path === '/' || path.startsWith('/__inbox') || path.startsWith('/__control');
}

/** Builds the provider sandbox (not listening); state lives in memory and dies with the instance. */
export async function buildSandbox(input: SandboxOptions = {}): Promise<FastifyInstance> {
  const options = resolveOptions(input);
  const app = Fastify({ logger: input.logger ?? false, forceCloseConnections: true });

  const context: SandboxContext = {
    options,
    state: new SandboxState(),
    webhooks: new Webhooks(() => context, app.log, await webhookSigner()),
    now: options.now,
    baseUrl() {
      if (options.publicUrl) return options.publicUrl;
      const address = app.server.address();
      return `http://localhost:${address && typeof address === 'object' ? address.port : 4010}`;
    },
  };
  app.decorate('sandbox', context);

  // Providers are called from any origin (the SDK, EmailJS and uploads run in the site's pages). The inbox and the
  // test controls are not a provider: they hold reset links and receipts, so only the site's pages may read them.
  const providerCors = {
    origin: true,
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Content-Type', 'Authorization', 'PayPal-Request-Id', 'Prefer', 'PayPal-Partner-Attribution-Id', 'PayPal-Client-Metadata-Id'],
    exposedHeaders: ['PayPal-Debug-Id'],
    maxAge: 600,
  };
  const siteOnlyCors = { ...providerCors, origin: options.siteOrigins };
  await app.register(cors, {
    delegator: (request: FastifyRequest, callback: (error: Error | null, options: typeof providerCors | typeof siteOnlyCors) => void) =>
      callback(null, isSandboxOwn(request.url) ? siteOnlyCors : providerCors),
  });
  await app.register(formbody);
  await app.register(multipart, {
    limits: { fileSize: options.maxUploadBytes * 4, files: 5, fields: 50, fieldSize: Math.ceil(options.maxUploadBytes * 1.4), parts: 60 },
  });
  // Clients often capture with Content-Type: application/json and no body; PayPal accepts that.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (!text.trim()) return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new SyntaxError('The request body is not valid JSON.'), { statusCode: 400 }), undefined);
    }
  });
  // EmailJS's SDK and some PayPal clients send JSON as text/plain to dodge preflights.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(null, String(body));
    }
  });

  // POST /__control/paypal {"delayMs": n}: PayPal's REST answers come late. The request is handled at once (a
  // capture is done), only the answer waits, so a caller that gives up first does not know the outcome.
  app.addHook('onSend', async (request) => {
    const { delayMs } = context.state.paypalFaults;
    if (delayMs > 0 && (request.url.startsWith('/v1/') || request.url.startsWith('/v2/'))) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  });

  await app.register(oauthRoutes);
  await app.register(orderRoutes);
  await app.register(checkoutRoutes);
  await app.register(webhookRoutes);
  await app.register(sdkRoutes);
  await app.register(emailjsRoutes);
  await app.register(cloudinaryRoutes);
  await app.register(inboxRoutes);
  await app.register(controlRoutes);

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ error: 'Not Found', message: `The sandbox has no route ${request.method} ${request.url.split('?')[0]!.slice(0, 200)}.` }),
  );
  // Background webhook deliveries finish before the instance closes; scheduled retries are dropped.
  app.addHook('onClose', async () => context.webhooks.close());
  await app.ready();
  return app;
}
