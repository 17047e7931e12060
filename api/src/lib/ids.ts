const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else cannot exist, so callers answer 404 rather than let SQL fail. */
export function isId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
