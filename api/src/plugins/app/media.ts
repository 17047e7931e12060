import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';

// File names are random (uploads) or versioned with the repo (seed), so a cached copy never goes stale.
const STATIC = {
  index: false as const,
  list: false as const,
  dotfiles: 'deny' as const,
  maxAge: '365d',
  immutable: true,
  // Pages on the site's origin embed these images; helmet's defaults would block that.
  setHeaders: (reply: FastifyReply) => {
    void reply.header('cross-origin-resource-policy', 'cross-origin');
    void reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  },
};

/** Serves the seed illustrations and the uploaded images under /media/... */
export default fp<{ config: AppConfig }>(async (app, { config }) => {
  fs.mkdirSync(config.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, { ...STATIC, root: config.seedMediaDir, prefix: '/media/seed/' });
  await app.register(fastifyStatic, { ...STATIC, root: config.uploadsDir, prefix: '/media/uploads/', decorateReply: false });
}, { name: 'media' });
