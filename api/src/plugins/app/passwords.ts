import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';
import { createPasswordHasher, type PasswordHasher } from '../../lib/passwords';

declare module 'fastify' {
  interface FastifyInstance {
    passwords: PasswordHasher;
  }
}

export default fp<{ config: AppConfig }>(async (app, { config }) => {
  app.decorate('passwords', createPasswordHasher(config.passwordHashCost));
}, { name: 'passwords' });
