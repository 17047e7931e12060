import fp from 'fastify-plugin';

const REAP_EVERY_MS = 200;

/**
 * Graceful drain (decision 019). On close the server stops accepting connections and Node closes the idle ones once;
 * but a proxy's kept-alive connections that finish a request later would stay open until the keep-alive timeout
 * (72 s) and hold the process. So while closing, connections that have gone idle are closed every 200 ms; a request
 * that still arrives on one is served (the app answers it with `Connection: close`, see return503OnClosing in
 * app.ts), and requests in flight (a capture at PayPal) finish before the database closes.
 */
export default fp(async (app) => {
  let reaper: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    reaper = setInterval(() => app.server.closeIdleConnections(), REAP_EVERY_MS);
    reaper.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(reaper);
  });
}, { name: 'drain' });
