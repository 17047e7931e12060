import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';
import type { PaymentDeps } from '../../payments/deps';
import { createPayPalClient, type PayPalClient } from '../../payments/paypal-client';
import { paymentOperations, type PaymentOperations } from '../../payments/service';

declare module 'fastify' {
  interface FastifyInstance {
    paypal: PayPalClient;
    payments: PaymentOperations;
    /** preHandler of the routes that create PayPal orders: one budget per user across both flows. */
    paymentOrderLimit: preHandlerAsyncHookHandler;
    /** preHandlers of verify-payment and cancel, which read orders from PayPal: per user, then per address. */
    paymentLookupLimits: preHandlerAsyncHookHandler[];
  }
}

/**
 * @fastify/rate-limit applies one limit per request (it marks the request once a limiter ran, so a route and a
 * global limit do not count twice); a second, deliberate limit on another key clears that mark first.
 */
function secondLimit(limit: preHandlerAsyncHookHandler): preHandlerAsyncHookHandler {
  return function (this: unknown, request, reply) {
    for (const key of Object.getOwnPropertySymbols(request)) {
      if (key.description === 'fastify.request.rateLimitRan') (request as unknown as Record<symbol, unknown>)[key] = false;
    }
    return limit.call(this as never, request, reply);
  };
}

/** PayPal at PAYPAL_API_BASE (the sandbox unless configured) and the payment operations built on it. */
export default fp<{ config: AppConfig }>(async (app, { config }) => {
  const paypal = createPayPalClient(config.paypal, app.log.child({ provider: 'paypal' }));
  const deps: PaymentDeps = { repos: app.repos, paypal, log: app.log.child({ module: 'payments' }) };
  app.decorate('paypal', paypal);
  app.decorate('payments', paymentOperations(deps, config));
  // A stolen session cannot test cards by the thousand (PAYMENT_RATE_LIMIT_MAX per PAYMENT_RATE_LIMIT_WINDOW_MS).
  app.decorate('paymentOrderLimit', app.rateLimit({
    max: config.paymentRateLimit.max,
    timeWindow: config.paymentRateLimit.timeWindowMs,
    keyGenerator: (request: FastifyRequest) => `payment-orders:${request.user?.id ?? request.ip}`,
  }) as preHandlerAsyncHookHandler);
  // Each verify or cancel of an unknown id is a PayPal read: nobody may drive them by the hundred (issue 28).
  const lookups = config.paymentLookupRateLimit;
  app.decorate('paymentLookupLimits', [
    app.rateLimit({
      max: lookups.perUser, timeWindow: lookups.timeWindowMs,
      keyGenerator: (request: FastifyRequest) => `payment-lookups:${request.user?.id ?? request.ip}`,
    }) as preHandlerAsyncHookHandler,
    secondLimit(app.rateLimit({
      max: lookups.perIp, timeWindow: lookups.timeWindowMs,
      keyGenerator: (request: FastifyRequest) => `payment-lookups-ip:${request.ip}`,
    }) as preHandlerAsyncHookHandler),
  ]);
}, { name: 'payments', dependencies: ['repositories', 'rate-limit'] });
