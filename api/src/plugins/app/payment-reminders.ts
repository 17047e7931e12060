import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';
import { createPeriodicTask, type PeriodicTask } from '../../lib/periodic-task';
import { sendPaymentReminders } from '../../plans/reminders';
import { dayOf } from '../../plans/schedule';

declare module 'fastify' {
  interface FastifyInstance {
    paymentReminders: PeriodicTask;
    /** The day plans and reminders reckon with; an injected clock in tests (buildApp's `now`). */
    planClock: () => Date;
  }
}

/**
 * Payment reminders (decision 051): every PAYMENT_REMINDER_INTERVAL_MS (0: off) a pass queues "due soon" and
 * "overdue" emails through the outbox, once per item and kind even when several instances run it.
 */
export default fp<{ config: AppConfig; now?: () => number }>(async (app, { config, now }) => {
  const log = app.log.child({ module: 'payment-reminders' });
  const clock = () => new Date(now ? now() : Date.now());
  const task = createPeriodicTask(async () => {
    const queued = await sendPaymentReminders(app.db, app.repos, dayOf(clock()));
    if (queued > 0) log.info({ queued }, 'payment reminders queued');
    return queued;
  }, config.paymentReminderIntervalMs, log, 'payment reminder pass failed');
  app.decorate('paymentReminders', task);
  app.decorate('planClock', clock);
  app.addHook('onReady', async () => task.start());
  app.addHook('preClose', async () => task.stop());
}, { name: 'payment-reminders', dependencies: ['repositories'] });
