import { useQuery } from '@tanstack/react-query';
import { courseQuery } from '@institute/shared/api';

/** One course by id, read alone: the page never downloads the catalog to find it. */
export function useCourse(id: string | undefined) {
  const query = useQuery(courseQuery(id ?? ''));
  return { isPending: Boolean(id) && query.isPending, isError: query.isError, course: query.data ?? undefined };
}
