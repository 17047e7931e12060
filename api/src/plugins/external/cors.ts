import cors from '@fastify/cors';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';

/** Only the site's own origins may call the API from a browser. */
export default fp<{ config: AppConfig }>(async (app, { config }) => {
  await app.register(cors, {
    origin: config.siteOrigins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Content-Type', 'Authorization'],
    maxAge: 600,
    // The data export's file name (decision 048): a page on another origin reads only the headers listed here.
    exposedHeaders: ['Content-Disposition', 'Retry-After'],
    // The site's sign-in calls send the device cookie (decision 027); the API's authorization is the bearer token.
    credentials: true,
  });
}, { name: 'cors' });
