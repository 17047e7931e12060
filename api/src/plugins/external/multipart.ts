import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';

/** Tight limits: one image and a few short text fields per request. */
export default fp<{ config: AppConfig }>(async (app, { config }) => {
  await app.register(multipart, {
    limits: {
      fileSize: config.uploadLimitBytes,
      files: 1,
      fields: 10,
      fieldSize: 64 * 1024,
      parts: 12,
      headerPairs: 100,
    },
  });
}, { name: 'multipart' });
