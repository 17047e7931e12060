import { Type, type TObject, type TProperties } from '@sinclair/typebox';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

/**
 * `?page&limit&sort&q` of an admin list, validated: query values are strings (no coercion), so numbers are checked
 * by pattern; `sort` is one of the list's keys, `-key` for descending. Unknown parameters are a 400.
 */
export function pageQuerySchema<K extends string>(sortKeys: readonly K[], extra: TProperties = {}): TObject {
  return Type.Object({
    page: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$', description: 'From 1' })),
    limit: Type.Optional(Type.String({ pattern: '^([1-9]|[1-9][0-9]|100)$', description: `Rows per page, 1-${MAX_LIMIT} (default ${DEFAULT_LIMIT})` })),
    sort: Type.Optional(Type.Union(sortKeys.flatMap((key) => [Type.Literal(key), Type.Literal(`-${key}`)]), { description: '-key sorts descending' })),
    q: Type.Optional(Type.String({ maxLength: 100, description: 'Search text' })),
    ...extra,
  }, { additionalProperties: false });
}

export interface PageParams<K extends string> {
  page: number;
  limit: number;
  offset: number;
  sort: K;
  descending: boolean;
  q?: string;
}

export function readPageQuery<K extends string>(query: { page?: string; limit?: string; sort?: string; q?: string }, defaultSort: `${K}` | `-${K}`): PageParams<K> {
  const page = Number(query.page ?? 1);
  const limit = Number(query.limit ?? DEFAULT_LIMIT);
  const sort = query.sort ?? defaultSort;
  const q = query.q?.trim();
  return { page, limit, offset: (page - 1) * limit, sort: sort.replace(/^-/, '') as K, descending: sort.startsWith('-'), ...(q ? { q } : {}) };
}

