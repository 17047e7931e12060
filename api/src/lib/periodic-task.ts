import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicTask {
  /** One pass now; concurrent calls share the pass in progress. Resolves to what the pass reports (0 when it failed). */
  tick(): Promise<number>;
  /** Runs a pass every `intervalMs` after the previous one ends (never when `intervalMs` is 0). */
  start(): void;
  /** Stops scheduling and waits for a pass in progress. */
  stop(): Promise<void>;
}

/**
 * The loop of the API's background workers (payment reconciliation, the email outbox): one pass at a time, a
 * failed pass logged and retried on the next interval, the timer never keeping the process alive.
 */
/** `work` may ask `stopping()` between items, so a stop does not wait for a whole batch. */
export function createPeriodicTask(work: (stopping: () => boolean) => Promise<number>, intervalMs: number, log: FastifyBaseLogger, failure: string): PeriodicTask {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = false;

  function tick(): Promise<number> {
    running ??= work(() => stopped)
      .catch((error: unknown) => {
        log.error({ err: error }, failure);
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  function schedule(): void {
    if (stopped || intervalMs <= 0) return;
    timer = setTimeout(() => {
      void tick().finally(schedule);
    }, intervalMs);
    timer.unref();
  }

  return {
    tick,
    start: schedule,
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
