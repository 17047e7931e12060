import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * pass: forward to the target; refuse: drop the connection unanswered; error: answer 503 with an HTML page (a
 * load balancer in front of a sick provider); drop-response: forward, let the provider act, then drop the answer
 * (the worst case: PayPal did the work and we never heard).
 */
export type FaultMode = 'pass' | 'refuse' | 'error' | 'drop-response';

export interface FaultProxy {
  url: string;
  mode: FaultMode;
  /** When set, the fault applies only to requests whose "METHOD /path" matches; the others pass. */
  only?: RegExp;
  /** "METHOD /path" of every request that reached the proxy. */
  requests: string[];
  close(): Promise<void>;
}

const FORWARDED = ['authorization', 'content-type', 'accept', 'paypal-request-id', 'prefer'];

/** A network fault between the API and the sandbox, switchable per test. */
export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const proxy = { mode: 'pass' as FaultMode, only: undefined as RegExp | undefined, requests: [] as string[] };
  const server = http.createServer((req, res) => {
    proxy.requests.push(`${req.method} ${req.url}`);
    const mode = !proxy.only || proxy.only.test(`${req.method} ${req.url}`) ? proxy.mode : 'pass';
    if (mode === 'refuse') {
      req.socket.destroy();
      return;
    }
    if (mode === 'error') {
      res.writeHead(503, { 'content-type': 'text/html' }).end('<html><body>503 Service Unavailable</body></html>');
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers = Object.fromEntries(FORWARDED.filter((h) => typeof req.headers[h] === 'string').map((h) => [h, req.headers[h] as string]));
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks);
      fetch(`${target}${req.url}`, { method: req.method, headers, body })
        .then(async (upstream) => {
          const payload = Buffer.from(await upstream.arrayBuffer());
          if (mode === 'drop-response') {
            req.socket.destroy();
            return;
          }
          res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' }).end(payload);
        })
        .catch(() => req.socket.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(proxy, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  });
}
