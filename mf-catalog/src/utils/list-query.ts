/**
 * How a catalog list may be ordered (the API's sort words, sorted in SQL); `undefined` keeps the API's order
 * (oldest first, as the admin added them). Durations are free text: the API reads them as days, unreadable last.
 */
export const SORTS = {
  name: 'Name (A-Z)',
  'price-asc': 'Price (low to high)',
  'price-desc': 'Price (high to low)',
  duration: 'Duration (shortest first)',
} as const;
export type SortKey = keyof typeof SORTS;

/** A list's state as the URL carries it: `?category=…&q=…&sort=…` (unknown values are ignored, never an error). */
export interface ListQuery {
  category?: string;
  q?: string;
  sort?: SortKey;
}

export function readListQuery(params: URLSearchParams): ListQuery {
  const category = params.get('category')?.trim() || undefined;
  const q = params.get('q')?.trim() || undefined;
  const sort = params.get('sort') ?? '';
  return { category, q, sort: sort in SORTS ? (sort as SortKey) : undefined };
}
