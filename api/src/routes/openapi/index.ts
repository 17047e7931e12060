import type { FastifyPluginAsync } from 'fastify';

/** The document @fastify/swagger builds from every route's TypeBox schema. */
const openapiRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
};

export default openapiRoutes;
