import type { FastifyInstance } from 'fastify';

/**
 * Loaded by @fastify/autoload around every route folder below (cascadeHooks): a route needs a signed-in user
 * unless it says `config: { public: true }`. A new route therefore fails closed, wherever its URL lives.
 */
export default async function requireUserUnlessPublic(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.requireUserUnlessPublic);
}
