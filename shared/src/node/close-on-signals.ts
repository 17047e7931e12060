/** What a server needs to offer to be shut down gracefully; Fastify apps fit as they are. */
export interface Closable {
  close(): Promise<unknown>;
  log: { info(details: object, message: string): void };
}

/**
 * Ctrl-C and SIGTERM close the server (finishing requests in flight); a second signal, or 10 s without
 * closing, exits at once. Shared by the API and the provider sandbox.
 */
export function closeOnSignals(app: Closable, graceMs = 10_000): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      console.error(`${signal} again: exiting now.`);
      process.exit(1);
      return;
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), graceMs).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}
