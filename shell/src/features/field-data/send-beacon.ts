/**
 * Sends one field-data batch as the page hides: `navigator.sendBeacon` with a string (text/plain, so no CORS
 * preflight; the API reads it as JSON), else `fetch` with keepalive when the beacon is refused (its queue is full)
 * or missing. Never throws: field data is best effort.
 */
export function sendBeacon(url: string, batch: unknown): void {
  const body = JSON.stringify(batch);
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return;
  } catch {
    /* fall back to fetch */
  }
  if (typeof fetch !== 'function') return;
  void fetch(url, { method: 'POST', body, keepalive: true, credentials: 'omit', headers: { 'Content-Type': 'text/plain;charset=UTF-8' } })
    .catch(() => {});
}
