import { useCourses } from '@institute/shared/api';

/** The spec's detail page finds its course by `_id` in the one cached course list; no extra request. */
export function useCourse(id: string | undefined) {
  const query = useCourses();
  const course = id && Array.isArray(query.data) ? query.data.find((c) => c._id === id) : undefined;
  return { isPending: query.isPending, isError: query.isError, course };
}
