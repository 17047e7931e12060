/** The query of an admin list as the server reads it: page, limit, order, words and filters. */
export interface AdminListQuery {
  page: number;
  limit: number;
  /** `username`, `-createdAt`, …: the server sorts. */
  sort: string;
  q: string;
}

/** `a=1&b=x` from the values given, in their order, leaving out empty ones (an empty filter is no filter). */
export function listSearch(query: object): string {
  return new URLSearchParams(
    Object.entries(query).filter(([, value]) => value !== '' && value !== undefined).map(([key, value]) => [key, String(value)]),
  ).toString();
}
