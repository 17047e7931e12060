// Client behaviour shared by scenarios: sign-ups with unique emails, and bounded request loops.

/** A registration body unique to this run. */
export function newAccount(tag, i) {
  const id = `${tag}-${i}-${process.pid}`.toLowerCase().replace(/[^a-z0-9-]/g, '');
  return { email: `${id}@faults.example`, username: id.replace(/-/g, '_').slice(0, 40), password: 'Fault#Password1' };
}

/**
 * Runs `fn(i)` repeatedly on `workers` concurrent workers until `stop()` is true, `maxRequests` were started, or
 * `maxMs` passed: every loop in the suite is bounded in count and time.
 */
export async function loop({ workers, maxRequests, maxMs, stop = () => false }, fn) {
  const deadline = Date.now() + maxMs;
  let next = 0;
  const worker = async () => {
    while (!stop() && Date.now() < deadline && next < maxRequests) {
      const i = next;
      next += 1;
      await fn(i);
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return next;
}

/** True when a 503 carries a usable Retry-After. */
export function hasRetryAfter(result) {
  const value = result.headers?.['retry-after'];
  return value !== undefined && /^\d+$/.test(value);
}
