import type { Course } from '@institute/shared/contract';

/** How a catalog list may be ordered; `undefined` keeps the API's order (oldest first, as the admin added them). */
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

const UNIT_DAYS: Record<string, number> = { day: 1, weekend: 2, week: 7, month: 30, year: 365 };

/**
 * A free-text duration ("16 weeks", "1 weekend", "3 months") in days, for sorting; text it cannot read sorts last.
 */
export function durationInDays(text: string): number {
  const match = /(\d+(?:\.\d+)?)?\s*(day|weekend|week|month|year)s?\b/i.exec(text);
  if (!match) return Number.POSITIVE_INFINITY;
  return Number(match[1] ?? 1) * UNIT_DAYS[match[2]!.toLowerCase()]!;
}

const byName = (a: Course, b: Course) => a.title.localeCompare(b.title, 'en', { sensitivity: 'base' });
const COMPARE: Record<SortKey, (a: Course, b: Course) => number> = {
  name: byName,
  'price-asc': (a, b) => Number(a.price) - Number(b.price) || byName(a, b),
  'price-desc': (a, b) => Number(b.price) - Number(a.price) || byName(a, b),
  duration: (a, b) => durationInDays(a.duration) - durationInDays(b.duration) || byName(a, b),
};

/** Every word of the query appears in the title or the category, case-insensitively. */
function matches(item: Course, q: string): boolean {
  const text = `${item.title} ${item.category ?? ''}`.toLowerCase();
  return q.toLowerCase().split(/\s+/).every((word) => text.includes(word));
}

/** The list as the query asks: filtered by category and search words, then sorted (a stable copy). */
export function applyListQuery<T extends Course>(items: readonly T[], { category, q, sort }: ListQuery): T[] {
  let result = items.filter((item) => !category || (item.category ?? '').toLowerCase() === category.toLowerCase());
  if (q) result = result.filter((item) => matches(item, q));
  return sort ? [...result].sort(COMPARE[sort]) : result;
}

/** The categories present in a list, in alphabetical order. */
export function categoriesOf(items: readonly Course[]): string[] {
  return [...new Set(items.map((item) => item.category).filter((c): c is string => Boolean(c)))].sort();
}
