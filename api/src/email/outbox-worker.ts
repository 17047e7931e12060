import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { createPeriodicTask } from '../lib/periodic-task';
import type { AppConfig } from '../config';
import type { Repositories } from '../repositories';
import { EmailSendError, sendWithEmailJs, type TemplateParams } from './emailjs-client';
import { renderEmail } from './messages';

export interface OutboxWorkerDeps {
  config: AppConfig;
  repos: Repositories;
  /** The transport; tests may count calls, production sends through EmailJS. */
  send?: (params: TemplateParams) => Promise<void>;
}

/** The n-th failure waits base x 2^(n-1), at most 6 hours. */
export const retryDelayMs = (base: number, attempts: number) => Math.min(base * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);

/**
 * Sends what the outbox holds (decision 020). Rows are claimed with FOR UPDATE SKIP LOCKED and leased, so several
 * API instances never send the same row at once; a failed send waits with exponential backoff and is given up
 * (FAILED, shown to the admin) after `maxAttempts` or at once when EmailJS refuses the request itself.
 */
export function createOutboxWorker(deps: OutboxWorkerDeps, log: FastifyBaseLogger) {
  const { config, repos } = deps;
  const options = config.emailOutbox;
  const send = deps.send ?? ((params: TemplateParams) => sendWithEmailJs(config.email, params));

  async function work(): Promise<number> {
    // A lease longer than one send's timeout: no other instance takes the row while this one may still send it.
    const rows = await repos.emailOutbox.claimDue(options.batch, 3 * config.email.timeoutMs);
    let sent = 0;
    for (const row of rows) {
      const rendered = await renderEmail(row, config, repos.payments, repos.certificates, repos.advising, repos.invoices);
      if (!rendered) {
        await repos.emailOutbox.markFailed(row.id, 'Nothing to send: what this email was about no longer exists.', row.templateParams);
        continue;
      }
      try {
        await send(rendered.params);
        await repos.emailOutbox.markSent(row.id, rendered.keep);
        sent += 1;
      } catch (error) {
        const message = (error as Error).message;
        const permanent = error instanceof EmailSendError && error.permanent;
        if (permanent || row.attempts >= options.maxAttempts) {
          log.error({ emailId: row.id, kind: row.kind, attempts: row.attempts, err: error }, 'email given up');
          await repos.emailOutbox.markFailed(row.id, message, rendered.keep);
        } else {
          log.warn({ emailId: row.id, kind: row.kind, attempts: row.attempts, err: error }, 'email send failed; will retry');
          await repos.emailOutbox.retryLater(row.id, message, retryDelayMs(options.retryBaseMs, row.attempts));
        }
      }
    }
    return sent;
  }

  return createPeriodicTask(work, options.intervalMs, log, 'email outbox pass failed');
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;

declare module 'fastify' {
  interface FastifyInstance {
    emailOutboxWorker: OutboxWorker;
  }
}

/** Runs the outbox worker with the app (EMAIL_OUTBOX_INTERVAL_MS, 0 turns it off); stopped before the app closes. */
export const emailOutboxWorker = fp<{ config: AppConfig }>(async (app, { config }) => {
  const worker = createOutboxWorker({ config, repos: app.repos }, app.log.child({ module: 'email-outbox' }));
  app.decorate('emailOutboxWorker', worker);
  app.addHook('onReady', async () => worker.start());
  app.addHook('preClose', async () => worker.stop());
}, { name: 'email-outbox-worker', dependencies: ['repositories'] });
