import { infiniteQueryOptions, keepPreviousData, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { LIST_PAGE_SIZE, usePagedList, type PageStep } from '@institute/shared/api';
import type { CatalogCardPage, CatalogSort, Course, CourseCard, CourseInput } from '@institute/shared/contract';
import type { CatalogKind } from '../types';

/** The admin table's orders (the server's words) and how the Sort by menu names them; the first is the default. */
export const ADMIN_CATALOG_SORTS = [
  ['newest', 'Newest first'],
  ['name', 'Title (A-Z)'],
  ['price-asc', 'Price (low to high)'],
  ['price-desc', 'Price (high to low)'],
  ['duration', 'Duration (shortest first)'],
] as const satisfies readonly (readonly [NonNullable<CatalogSort>, string])[];
export type AdminCatalogSort = (typeof ADMIN_CATALOG_SORTS)[number][0];

export interface CatalogFilters {
  q: string;
  sort: AdminCatalogSort;
}

/**
 * The admin's table a page of cards at a time, searched and sorted by the server. Under the kind's key, so an admin
 * change refreshes it and what the public pages hold alike.
 */
export const useCatalogPages = (kind: CatalogKind, { q, sort }: CatalogFilters) => usePagedList<CourseCard, CatalogCardPage>((firstLimit) =>
  infiniteQueryOptions<CatalogCardPage, Error, InfiniteData<CatalogCardPage, PageStep>, readonly unknown[], PageStep>({
    queryKey: [...kind.queryKey, 'admin', { q, sort }],
    queryFn: ({ pageParam, signal }) => kind.api.cards({ ...pageParam, sort, q: q || undefined }, signal),
    initialPageParam: { limit: firstLimit },
    getNextPageParam: (last) => (last.nextCursor ? { cursor: last.nextCursor, limit: LIST_PAGE_SIZE } : undefined),
    // The list on screen stays while another search or order is read.
    placeholderData: keepPreviousData,
  }));

/** The whole item an Edit opens (the table's cards lack its description and content); read fresh each time. */
export const useCatalogItem = (kind: CatalogKind, id: string | null) => useQuery({
  queryKey: [...kind.queryKey, 'admin', 'item', id],
  queryFn: ({ signal }): Promise<Course> => kind.api.get(id!, signal),
  enabled: id !== null,
  staleTime: 0,
});

export function useSaveItem(kind: CatalogKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CourseInput }): Promise<Course> =>
      id ? kind.api.update(id, body) : kind.api.create(body),
    onSuccess: () => client.invalidateQueries({ queryKey: kind.queryKey }),
  });
}

export function useDeleteItem(kind: CatalogKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => kind.api.remove(id),
    onSuccess: () => client.invalidateQueries({ queryKey: kind.queryKey }),
  });
}
