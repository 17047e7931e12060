import http from 'node:http';

/**
 * Closed-loop load: `connections` keep-alive connections, each sending its next GET when the previous response has
 * been read, for `seconds`. Returns requests/s, p50/p99 latency (ms), non-200 answers and failed connections.
 */
export async function closedLoopLoad(url, { connections = 16, seconds = 8 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  const one = () => new Promise((resolve) => {
    const started = process.hrtime.bigint();
    http.get(url, { agent }, (res) => {
      res.on('data', () => {});
      res.on('end', () => {
        if (res.statusCode !== 200) errors++;
        latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
        resolve();
      });
    }).on('error', () => { errors++; resolve(); });
  });
  await Promise.all(Array.from({ length: connections }, async () => {
    while (Date.now() < end) await one();
  }));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pick = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: latencies.length / seconds, p50: pick(0.5), p99: pick(0.99), errors };
}
