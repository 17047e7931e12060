import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';
import { createPeriodicTask, type PeriodicTask } from '../../lib/periodic-task';

declare module 'fastify' {
  interface FastifyInstance {
    waitlistOffers: PeriodicTask;
  }
}

/**
 * Seats free themselves by time too (a hold nobody paid, an offer nobody took): this pass offers them to the next
 * student waiting (WAITLIST_OFFER_INTERVAL_MS, 0 turns it off). Seats freed by a request are offered by that request.
 */
export default fp<{ config: AppConfig }>(async (app, { config }) => {
  const log = app.log.child({ module: 'waitlist-offers' });
  const task = createPeriodicTask(async () => {
    const offered = await app.repos.waitlist.offerEverywhere();
    if (offered > 0) log.info({ offered }, 'freed seats offered to waitlists');
    return offered;
  }, config.waitlistOfferIntervalMs, log, 'waitlist offer pass failed');
  app.decorate('waitlistOffers', task);
  app.addHook('onReady', async () => task.start());
  app.addHook('preClose', async () => task.stop());
}, { name: 'waitlist-offers', dependencies: ['repositories'] });
