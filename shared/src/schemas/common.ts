import { Type, type TSchema } from '@sinclair/typebox';

/** What every refusal carries (docs/architecture.md, Principles: `{ error, message }`). */
export const ErrorBody = Type.Object({ error: Type.String(), message: Type.String() });

export const Message = Type.Object({ message: Type.String() });

/** Ids are checked by the API's handlers, not here, so that a malformed id is a 404 rather than a 400. */
export const IdParams = Type.Object({ id: Type.String() });

export const MEDIA_OR_HTTP_URL = '^(https?://[^\\s<>"\'`]+|/media/(seed|uploads)/[A-Za-z0-9_-]+\\.[a-z0-9]{2,5})$';

export const ImgUrl = Type.String({
  minLength: 1,
  maxLength: 2048,
  pattern: MEDIA_OR_HTTP_URL,
  description: 'An http(s) URL or a /media/ path on this server',
});

/** A required one-line text: the API trims it and strips markup on write. */
export const Line = (maxLength = 200) => Type.String({ minLength: 1, maxLength });

/** A dollar amount as stored and shown (US dollars, cents as decimals). */
export const Dollars = (description = 'US dollars') => Type.Number({ description });

export const PageMeta = Type.Object({
  total: Type.Integer({ description: 'Rows matching the filter, on all pages (at most the count limit when totalCapped)' }),
  totalCapped: Type.Optional(Type.Boolean({ description: 'More rows match than total says: counting stopped at its limit' })),
  page: Type.Integer(),
  limit: Type.Integer(),
});

/** The page envelope every admin list answers with (`GET /api/admin/...?page&limit&sort&q`). */
export const PageOf = <T extends TSchema>(item: T) => Type.Object({ items: Type.Array(item), ...PageMeta.properties });
