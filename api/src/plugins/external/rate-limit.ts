import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { sharedRateLimitStore } from '../../lib/shared-rate-limit-store';

/**
 * Off by default; routes opt in (auth, the 404 handler) with `config.rateLimit` or `app.rateLimit()`. Counters live
 * in the database (decision 019), so N instances share one budget instead of each granting its own.
 */
export default fp(async (app) => {
  await app.register(rateLimit, {
    global: false,
    store: sharedRateLimitStore(() => app.db),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      error: 'Too Many Requests',
      message: `Too many requests. Please try again in ${context.after}.`,
    }),
  });
}, { name: 'rate-limit' });
