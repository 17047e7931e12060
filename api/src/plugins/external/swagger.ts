import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';

/** The OpenAPI document is generated from the route schemas; served at GET /api/openapi.json. */
export default fp<{ config: AppConfig }>(async (app, { config }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Northbridge institute API',
        description: 'Courses, quick programs, blogs, gallery, users, authentication and payments (PayPal Orders v2).',
        version: '0.1.0',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    hideUntagged: false,
  });
}, { name: 'swagger' });
