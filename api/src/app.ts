import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config';
import { logFormat } from './lib/log-format';
import auth from './plugins/app/auth';
import bodyParsing from './plugins/app/body-parsing';
import controlCharacters from './plugins/app/control-characters';
import db from './plugins/app/db';
import drain from './plugins/app/drain';
import errors from './plugins/app/errors';
import httpCache from './plugins/app/http-cache';
import imageImport from './plugins/app/image-import';
import media from './plugins/app/media';
import passwords from './plugins/app/passwords';
import payments from './plugins/app/payments';
import { paymentReconciler } from './payments/reconciler';
import { emailOutboxWorker } from './email/outbox-worker';
import publicCache from './plugins/app/public-cache';
import repositories from './plugins/app/repositories';
import seed from './plugins/app/seed';
import storage from './plugins/app/storage';
import cookie from './plugins/external/cookie';
import cors from './plugins/external/cors';
import helmet from './plugins/external/helmet';
import multipart from './plugins/external/multipart';
import rateLimit from './plugins/external/rate-limit';
import swagger from './plugins/external/swagger';
import authRoutes from './routes/auth';
import passwordRoutes from './routes/auth/password';
import emailRoutes from './routes/emails';
import receiptRoutes from './routes/receipts';
import refundRoutes from './routes/payments/refunds';
import learningRoutes from './routes/payments/learning';
import blogsRoutes from './routes/blogs';
import coursesRoutes from './routes/courses';
import galleryRoutes from './routes/gallery';
import healthRoutes from './routes/health';
import adminRoutes from './routes/admin';
import sitemapRoutes from './routes/sitemap';
import openapiRoutes from './routes/openapi';
import paymentsRoutes from './routes/payments';
import paymentFlowRoutes from './routes/payments/flows';
import paymentWebhookRoutes from './routes/payments/webhook';
import quickProgramsRoutes from './routes/quick-programs';
import catalogSummaryRoutes from './routes/catalog-summary';
import usersRoutes from './routes/users';
import vitalsRoutes from './routes/vitals';
import cspReportRoutes from './routes/csp-reports';
import sessionRoutes from './routes/sessions';

export interface AppOptions {
  config: AppConfig;
  /** Overrides the logger built from config.logLevel (tests pass false). */
  logger?: FastifyServerOptions['logger'];
  /** Clock (ms) for the public cache's TTL; tests inject one. */
  now?: () => number;
}

export interface RouteEntry {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered; the authorization-matrix test checks it covers them all. */
    registeredRoutes: RouteEntry[];
  }
}

function routerError(error: FastifyError, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void reply
    .code(tooLong ? 414 : 404)
    .send(tooLong ? { error: 'URI Too Long', message: 'The URL is too long.' } : { error: 'Not Found', message: 'The URL is malformed.' });
}

function loggerFor(config: AppConfig): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.body.password'],
    ...logFormat(config.nodeEnv, process.env.LOG_FORMAT),
  };
}

/** Composes the API: external plugins, then app plugins, then routes (fastify/demo's three layers). */
export async function buildApp({ config, logger, now }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? loggerFor(config),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // Closing drains: idle keep-alive sockets close at once, requests in flight (a capture) finish (decision 019).
    forceCloseConnections: 'idle',
    // Opening the database runs its migrations (and boots PGlite's WASM Postgres): on a busy machine that takes
    // longer than Fastify's default 10 s per plugin, which is a failed start, not a slow one.
    pluginTimeout: 120_000,
    // A request arriving on a kept-alive connection while draining is served, not refused: nginx does not retry a
    // refused POST on another instance. The connection closes after it (plugins/app/drain.ts).
    return503OnClosing: false,
    // Ids up to this length reach the handler (and a 404); only absurd URLs get 414.
    routerOptions: { maxParamLength: 256 },
    // Router-level failures happen before any hook; they still answer in the one error shape.
    frameworkErrors: (error, _request, reply) => routerError(error, reply as unknown as FastifyReply),
    // Extra or mistyped fields are errors, not silently dropped or coerced.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
  });

  const routes: RouteEntry[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });

  // 1. external plugins
  await app.register(helmet);
  await app.register(cors, { config });
  await app.register(cookie);
  await app.register(rateLimit);
  await app.register(multipart, { config });
  await app.register(swagger, { config });

  // 2. app plugins
  await app.register(errors, { config });
  await app.register(bodyParsing);
  await app.register(controlCharacters);
  await app.register(db, { config });
  await app.register(drain);
  await app.register(publicCache, { config, ...(now ? { now } : {}) });
  await app.register(repositories, { config });
  await app.register(passwords, { config });
  await app.register(storage, { config });
  await app.register(imageImport, { config });
  await app.register(auth, { config });
  await app.register(httpCache);
  await app.register(media, { config });
  await app.register(seed, { config });
  await app.register(payments, { config });
  await app.register(paymentReconciler, { config });
  await app.register(emailOutboxWorker, { config });

  // 3. routes
  await app.register(healthRoutes);
  await app.register(openapiRoutes);
  await app.register(authRoutes);
  await app.register(passwordRoutes);
  await app.register(usersRoutes);
  await app.register(coursesRoutes);
  await app.register(quickProgramsRoutes);
  await app.register(catalogSummaryRoutes);
  await app.register(blogsRoutes);
  await app.register(galleryRoutes);
  await app.register(sitemapRoutes);
  await app.register(adminRoutes);
  await app.register(paymentsRoutes);
  await app.register(paymentFlowRoutes);
  await app.register(paymentWebhookRoutes);
  await app.register(refundRoutes);
  await app.register(receiptRoutes);
  await app.register(learningRoutes);
  await app.register(emailRoutes);
  await app.register(vitalsRoutes);
  await app.register(cspReportRoutes);
  await app.register(sessionRoutes);

  await app.ready();
  return app;
}
