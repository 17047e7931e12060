import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * PayPal frozen (SIGSTOP) in-process: while frozen, requests are accepted and held unanswered; `thaw()` hands
 * them to the provider in arrival order (it does the work, as a process resumed from SIGSTOP does), and answers
 * whoever is still listening. Callers that gave up meanwhile never learn the outcome.
 */
export interface FreezeProxy {
  url: string;
  frozen: boolean;
  /** "METHOD /path" of every request that reached the proxy. */
  requests: string[];
  freeze(): void;
  /** Resumes and waits until every held request has reached the provider and been answered. */
  thaw(): Promise<void>;
  close(): Promise<void>;
}

const FORWARDED = ['authorization', 'content-type', 'accept', 'paypal-request-id', 'prefer'];

export async function startFreezeProxy(target: string): Promise<FreezeProxy> {
  const held: (() => Promise<void>)[] = [];
  const proxy = { frozen: false, requests: [] as string[] };
  const server = http.createServer((req, res) => {
    proxy.requests.push(`${req.method} ${req.url}`);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const forward = async () => {
        const headers = Object.fromEntries(FORWARDED.filter((h) => typeof req.headers[h] === 'string').map((h) => [h, req.headers[h] as string]));
        const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks);
        try {
          const upstream = await fetch(`${target}${req.url}`, { method: req.method, headers, body });
          const payload = Buffer.from(await upstream.arrayBuffer());
          if (!res.destroyed) res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' }).end(payload);
        } catch {
          req.socket.destroy();
        }
      };
      if (proxy.frozen) held.push(forward);
      else void forward();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(proxy, {
    url: `http://127.0.0.1:${port}`,
    freeze() {
      proxy.frozen = true;
    },
    async thaw() {
      proxy.frozen = false;
      while (held.length > 0) await held.shift()!();
    },
    close: () => new Promise<void>((resolve) => {
      held.length = 0;
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  });
}
