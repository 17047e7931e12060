// HTTP for scenarios: every request has a deadline and never throws; results feed a Tally.

/**
 * One request with a hard deadline. Resolves to { status, headers, body, ms, error } where status is 0 and
 * error is 'timeout' or 'network' when no answer came. Never throws.
 */
/** @param {string} method @param {string} url @param {{ body?: unknown, headers?: Record<string, string>, timeoutMs?: number }} [options] */
export async function request(method, url, { body = undefined, headers = {}, timeoutMs = 10_000 } = {}) {
  const started = performance.now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(url, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: controller.signal,
    });
    const text = await response.text();
    let parsed = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: response.status, headers: Object.fromEntries(response.headers), body: parsed, ms: Math.round(performance.now() - started), error: null };
  } catch (error) {
    const timedOut = controller.signal.aborted;
    return { status: 0, headers: {}, body: null, ms: Math.round(performance.now() - started), error: timedOut ? 'timeout' : 'network', detail: String(error?.cause?.code ?? error?.message ?? error) };
  } finally {
    clearTimeout(timer);
  }
}

/** Counts what clients saw: status (or 'timeout'/'network') -> count, and the slowest answer. */
export class Tally {
  constructor(label) {
    this.label = label;
    this.counts = {};
    this.maxMs = 0;
    this.total = 0;
  }

  add(result) {
    const key = result.status ? String(result.status) : result.error;
    this.counts[key] = (this.counts[key] ?? 0) + 1;
    this.maxMs = Math.max(this.maxMs, result.ms);
    this.total += 1;
    return result;
  }

  count(key) {
    return this.counts[String(key)] ?? 0;
  }

  toString() {
    const counts = Object.entries(this.counts).sort().map(([k, v]) => `${k}: ${v}`).join(', ') || 'none';
    return `${this.label}: ${this.total} requests (${counts}), max latency ${this.maxMs} ms`;
  }
}
