/** Stored media paths look like `/media/seed/x.svg` or `/media/uploads/<file>`. */
export const MEDIA_PATH = /^\/media\/(seed|uploads)\/[A-Za-z0-9_-]+\.[a-z0-9]{2,5}$/;

/** The site runs on another origin, so stored paths go out as absolute URLs on PUBLIC_URL. */
export function toPublicUrl(publicUrl: string, stored: string): string {
  return MEDIA_PATH.test(stored) ? `${publicUrl}${stored}` : stored;
}

/** A URL pointing at our own media is stored as a path, so a new PUBLIC_URL does not break it. */
export function toStoredPath(publicUrl: string, value: string): string {
  const trimmed = value.trim();
  if (trimmed.startsWith(`${publicUrl}/media/`)) {
    const local = trimmed.slice(publicUrl.length);
    if (MEDIA_PATH.test(local)) return local;
  }
  return trimmed;
}
