import { Type, type TSchema } from '@sinclair/typebox';
import { Blog } from './blogs';
import { Program } from './catalog';
import { GalleryImage } from './gallery';
import { ISO_DATE } from './sessions';

/**
 * The catalog's orders: the list pages' (the words their URL carries), the home page's featured-first and the admin
 * list's newest-first.
 */
export const CATALOG_SORTS = ['name', 'price-asc', 'price-desc', 'duration', 'featured', 'newest'] as const;

const Limit = Type.String({ pattern: '^([1-9]|[1-9][0-9]|100)$', description: 'Items per page, 1-100' });
const Cursor = Type.String({ minLength: 1, maxLength: 600, pattern: '^[A-Za-z0-9_-]+$', description: 'nextCursor of the previous page' });
const Search = (description: string) => Type.String({ maxLength: 100, description });
const Fields = Type.Literal('card', {
  description: 'card: each item as a list card shows it (long texts cut to an excerpt or left out); the item itself answers the rest',
});

/**
 * `GET /api/courses` and `/api/quick-programs` with any of these answer one page (a `CatalogPage`); without any of
 * them they answer the whole list, as the spec's calls expect. Unknown parameters are a 400.
 */
export const CatalogQuery = Type.Object({
  limit: Type.Optional(Limit),
  cursor: Type.Optional(Cursor),
  sort: Type.Optional(Type.Union(CATALOG_SORTS.map((key) => Type.Literal(key)), { description: 'Default: as added, oldest first' })),
  category: Type.Optional(Search('Exact category, any case')),
  q: Type.Optional(Search('Every word appears in the title or the category, any case')),
  startsWith: Type.Optional(Search('The title starts with this text, any case (the header search)')),
  fields: Type.Optional(Fields),
}, { additionalProperties: false });

/** `GET /api/blogs` and `/api/gallery` with any of these answer one page, newest first. */
export const BlogQuery = Type.Object({
  limit: Type.Optional(Limit),
  cursor: Type.Optional(Cursor),
  category: Type.Optional(Search('Exact category, any case')),
  q: Type.Optional(Search('Every word appears in the title, the author or the category, any case')),
  fields: Type.Optional(Fields),
}, { additionalProperties: false });

export const GALLERY_SORTS = ['newest', 'oldest', 'title'] as const;
export const GalleryQuery = Type.Object({
  limit: Type.Optional(Limit),
  cursor: Type.Optional(Cursor),
  sort: Type.Optional(Type.Union(GALLERY_SORTS.map((key) => Type.Literal(key)), { description: 'Default: newest first' })),
  q: Type.Optional(Search('Every word appears in the title or the description, any case')),
}, { additionalProperties: false });

/** One page of a public list: keyset paging, so a page never repeats or skips an item when others are added. */
export const CursorPageOf = <T extends TSchema>(item: T) => Type.Object({
  items: Type.Array(item),
  total: Type.Integer({ description: 'Items matching the filters, on all pages' }),
  nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass as cursor for the next page; null on the last' }),
});

/** A catalog's first page also names every category of its list, for the filter's choices (not the header search's). */
export const CategorizedPageOf = <T extends TSchema>(item: T) => Type.Object({
  ...CursorPageOf(item).properties,
  categories: Type.Optional(Type.Array(Type.String())),
});

/**
 * The earliest session a visitor can still take a seat in (open, enrollment deadline not passed, a seat free):
 * the card's "Next start" line (issue 33). Absent when there is none.
 */
export const NextSession = Type.Object({
  startsOn: Type.String({ pattern: ISO_DATE, description: 'First day of class, YYYY-MM-DD' }),
  seatsLeft: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], { description: 'null: unlimited' }),
});

/**
 * A course or program on a list card: no content, and the description as plain text cut to the card's excerpt
 * (CARD_EXCERPT_WORDS): the long texts are most of a record's bytes.
 */
export const ProgramCard = Type.Composite([
  Type.Omit(Program, ['content']),
  Type.Object({
    nextSession: Type.Optional(NextSession),
  }),
]);
/** A post on a list card: its content cut to the card's excerpt (CARD_EXCERPT_WORDS), no description. */
export const BlogCard = Type.Omit(Blog, ['description']);

export const ProgramPage = CategorizedPageOf(Program);
export const ProgramCardPage = CategorizedPageOf(ProgramCard);
export const BlogPage = CursorPageOf(Blog);
export const BlogCardPage = CursorPageOf(BlogCard);
export const GalleryPage = CursorPageOf(GalleryImage);
