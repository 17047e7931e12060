import type { Course, CourseCard } from '@institute/shared/contract';
import { CARD_EXCERPT_WORDS, excerptWords, stripMarkup } from '@institute/shared/rules';

/** A course as `fields=card` answers it: no content, the description a plain-text excerpt. */
const toCard = ({ content: _content, ...course }: Course): CourseCard =>
  ({ ...course, description: excerptWords(stripMarkup(course.description), CARD_EXCERPT_WORDS) });

const days: Record<string, number> = { day: 1, weekend: 2, week: 7, month: 30, year: 365 };
const durationDays = (text: string) => {
  const match = /(\d+)?\s*(day|weekend|week|month|year)s?\b/i.exec(text);
  return match ? Number(match[1] ?? 1) * days[match[2]!.toLowerCase()]! : Number.POSITIVE_INFINITY;
};
const byName = (a: Course, b: Course) => a.title.toLowerCase().localeCompare(b.title.toLowerCase());
const ORDERS: Record<string, (a: Course, b: Course) => number> = {
  name: byName,
  'price-asc': (a, b) => a.price - b.price || byName(a, b),
  'price-desc': (a, b) => b.price - a.price || byName(a, b),
  duration: (a, b) => durationDays(a.duration) - durationDays(b.duration) || byName(a, b),
  featured: (a, b) => Number(b.featured) - Number(a.featured),
};

/**
 * What the API answers for a catalog held in memory: the whole list without parameters, one record at /:id, and
 * pages (filters, order, cursor) as `GET /api/courses?…` does; the cursor here is the offset. `seen` records the
 * URLs asked, so a test can prove the page never asked for the whole list.
 */
export function catalogServer(list: Course[]) {
  const seen: string[] = [];
  const handler = (req: { url: string }) => {
    seen.push(req.url);
    const url = new URL(req.url);
    const one = /\/api\/(?:courses|quick-programs)\/([^/?]+)$/.exec(url.pathname);
    if (one) {
      const found = list.find((course) => course._id === decodeURIComponent(one[1]!));
      return found ? { status: 200, body: found } : { status: 404, body: { error: 'Not Found', message: 'Course not found.' } };
    }
    const params = url.searchParams;
    if ([...params.keys()].length === 0) return { status: 200, body: list };
    const category = params.get('category')?.toLowerCase();
    const words = (params.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const prefix = params.get('startsWith')?.toLowerCase();
    let items = list.filter((c) => !category || (c.category ?? '').toLowerCase() === category)
      .filter((c) => words.every((word) => `${c.title} ${c.category ?? ''}`.toLowerCase().includes(word)))
      .filter((c) => !prefix || c.title.toLowerCase().startsWith(prefix));
    const sort = params.get('sort');
    if (sort) items = [...items].sort(ORDERS[sort]);
    const offset = Number(params.get('cursor') ?? 0);
    const limit = Number(params.get('limit') ?? 24);
    const page = items.slice(offset, offset + limit).map((c) => (params.get('fields') === 'card' ? toCard(c) : c));
    const next = offset + limit < items.length ? String(offset + limit) : null;
    const categories = [...new Set(list.map((c) => c.category).filter((c): c is string => Boolean(c)))].sort();
    return { status: 200, body: { items: page, total: items.length, nextCursor: next, categories } };
  };
  return { handler, seen };
}
