import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { createPeriodicTask } from '../lib/periodic-task';
import type { AppConfig } from '../config';
import { orderIdOf } from '../repositories/payments';
import { settleOrder } from './settle';
import type { PaymentDeps } from './deps';

export interface ReconcilerOptions {
  intervalMs: number;
  /** Unclaimed CREATED rows older than this are looked at (and looked at again this often while open). */
  staleAfterMs: number;
  /** Rows per tick. */
  batch?: number;
}

/** CANCELLED rows whose capture was attempted are re-read for this long, in case a late capture lands. */
const CANCELLED_WATCH_MS = 15 * 60_000;

/**
 * Settles payments from PayPal's answer in the background (decision 011): CREATED rows with a claim that is not
 * in flight (a capture whose answer was lost, a crash mid-capture) or older than `staleAfterMs`, and CANCELLED
 * rows a capture was attempted for. Safe with several API instances: rows are taken with FOR UPDATE SKIP LOCKED
 * and leased, and every write is a conditional update. Returns `tick` (tests) and `stop`.
 */
export function createReconciler(deps: PaymentDeps, options: ReconcilerOptions, log: FastifyBaseLogger) {
  const { payments } = deps.repos;

  async function work(stopping: () => boolean): Promise<number> {
    const rows = await payments.takeForReconcile({
      claimWindowMs: deps.paypal.claimWindowMs,
      staleAfterMs: options.staleAfterMs,
      cancelledWatchMs: CANCELLED_WATCH_MS,
      // Long enough for one row's PayPal calls (a GET and maybe a capture), so no other instance takes it meanwhile.
      leaseMs: 3 * deps.paypal.claimWindowMs,
      limit: options.batch ?? 20,
    });
    let settled = 0;
    for (const row of rows) {
      if (stopping()) break;
      try {
        const outcome = await settleOrder(deps, row, { captureApproved: true });
        const now = await payments.byOrderId(orderIdOf(row));
        if (now && now.status !== row.status) settled += 1;
        // Still open (not approved yet, PENDING, a watched CANCELLED row): looked at again later.
        if (now && (now.status === 'CREATED' || now.status === 'CANCELLED')) await payments.reconcileLater(now.id, Math.max(options.staleAfterMs, options.intervalMs));
        log.info({ orderId: row.paypalOrderId, was: row.status, outcome }, 'payment reconciled from PayPal');
      } catch (error) {
        // PayPal unreachable (or the database): the next tick tries again.
        log.warn({ err: error, orderId: row.paypalOrderId }, 'payment could not be reconciled now');
        await payments.reconcileLater(row.id, options.intervalMs).catch(() => undefined);
      }
    }
    return settled;
  }

  return createPeriodicTask(work, options.intervalMs, log, 'payment reconciliation failed');
}

export type Reconciler = ReturnType<typeof createReconciler>;

declare module 'fastify' {
  interface FastifyInstance {
    paymentReconciler: Reconciler;
  }
}

/** Runs the reconciler with the app (PAYMENT_RECONCILE_INTERVAL_MS, 0 turns it off); stopped before the app closes. */
export const paymentReconciler = fp<{ config: AppConfig }>(async (app, { config }) => {
  const log = app.log.child({ module: 'payment-reconciler' });
  const deps: PaymentDeps = { repos: app.repos, paypal: app.paypal, log };
  const reconciler = createReconciler(deps, config.paymentReconcile, log);
  app.decorate('paymentReconciler', reconciler);
  app.addHook('onReady', async () => reconciler.start());
  app.addHook('preClose', async () => reconciler.stop());
}, { name: 'payment-reconciler', dependencies: ['payments', 'repositories'] });
