import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/** Security headers on every response; the API serves JSON and images, so the CSP can be closed tight. */
export default fp(async (app) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], styleSrc: ["'unsafe-inline'"] },
    },
    // Media is read by pages on the site's origin; JSON is protected by CORS instead.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
}, { name: 'helmet' });
