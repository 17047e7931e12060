import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';
import { createPeriodicTask, type PeriodicTask } from '../../lib/periodic-task';

declare module 'fastify' {
  interface FastifyInstance {
    advisingReminders: PeriodicTask;
  }
}

/**
 * Queues each advising booking's reminder about 24 hours before its slot (ADVISING_REMINDER_INTERVAL_MS, 0 turns it
 * off). Every instance runs the pass; the claim on the booking and the email's dedupe key make one reminder each.
 */
export default fp<{ config: AppConfig; now?: () => number }>(async (app, { config, now = Date.now }) => {
  const log = app.log.child({ module: 'advising-reminders' });
  const task = createPeriodicTask(async () => {
    const queued = await app.repos.advising.queueReminders(new Date(now()));
    if (queued > 0) log.info({ queued }, 'advising reminders queued');
    return queued;
  }, config.advisingReminderIntervalMs, log, 'advising reminder pass failed');
  app.decorate('advisingReminders', task);
  app.addHook('onReady', async () => task.start());
  app.addHook('preClose', async () => task.stop());
}, { name: 'advising-reminders', dependencies: ['repositories'] });
