import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import path from 'node:path';
import autoload from '@fastify/autoload';
import type { AppConfig } from './config';
import { logFormat } from './lib/log-format';

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
  /** Whether the route said `config: { public: true }` (callable without a signed-in user). */
  public: boolean;
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

/** Composes the API from its folders: external plugins, then app plugins, then routes (fastify/demo's three layers). */
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
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, public: route.config?.public === true });
  });

  // The sources are TypeScript, always run through a loader that compiles them (tsx, or jest's swc). Autoload only
  // recognises tsx when it is preloaded with --require, not with `node --import tsx` (start:prod, faults).
  process.env.FASTIFY_AUTOLOAD_TYPESCRIPT ??= '1';
  const options = { config, ...(now ? { now } : {}) };
  // fastify/demo's three layers, each a folder: libraries' plugins, the app's own, then one folder per resource.
  // Within a layer the order is alphabetical, except that a plugin comes after those its `dependencies` name.
  await app.register(autoload, { dir: path.join(__dirname, 'plugins/external'), options });
  await app.register(autoload, { dir: path.join(__dirname, 'plugins/app'), options });
  // A folder's index.ts is its plugin and registers the folder's other route files; helpers are never loaded as
  // plugins. URLs are written whole in each route (/api/..., /auth/..., /media/...), so folders add no prefix.
  // routes/autohooks.ts wraps every folder: private unless the route says `public: true`.
  await app.register(autoload, {
    dir: path.join(__dirname, 'routes'),
    options,
    dirNameRoutePrefix: false,
    matchFilter: (file: string) => /\/index\.ts$/.test(file),
    autoHooks: true,
    cascadeHooks: true,
  });

  await app.ready();
  return app;
}
