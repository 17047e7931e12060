import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

/** Off by default; routes opt in (auth, the 404 handler) with `config.rateLimit` or `app.rateLimit()`. */
export default fp(async (app) => {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      error: 'Too Many Requests',
      message: `Too many requests. Please try again in ${context.after}.`,
    }),
  });
}, { name: 'rate-limit' });
