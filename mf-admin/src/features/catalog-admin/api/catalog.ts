import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Course, CourseInput } from '@institute/shared/contract';
import type { CatalogKind } from '../types';

/** Same key as the public pages, so an admin change also refreshes what visitors' caches hold. */
export const useCatalogList = (kind: CatalogKind) => useQuery({ queryKey: kind.queryKey, queryFn: kind.api.list });

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
