import cookie from '@fastify/cookie';
import fp from 'fastify-plugin';

/** Reads and sets cookies; the API's only one is the sign-in routes' device cookie (lib/device-cookie.ts). */
export default fp(async (app) => {
  await app.register(cookie);
}, { name: 'cookie' });
