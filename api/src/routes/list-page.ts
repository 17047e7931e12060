/** Items a public list page holds when the request does not say. */
export const DEFAULT_PAGE_LIMIT = 24;

/** A public list call with any parameter asks for one page; with none it is the spec's whole-list call. */
export function isPageRequest(query: Record<string, string | undefined>): boolean {
  return Object.values(query).some((value) => value !== undefined);
}

export function readLimit(limit: string | undefined): number {
  return limit ? Number(limit) : DEFAULT_PAGE_LIMIT;
}

/** The cache key of one page: its parameters in a fixed order, so the same page is one entry however asked. */
export function listPageKey(query: Record<string, string | undefined>): string {
  const entries = Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined).sort(([a], [b]) => a.localeCompare(b));
  return `page?${new URLSearchParams(entries).toString()}`;
}
