import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, blogsApi, queryKeys } from '@institute/shared/api';
import type { Blog } from '@institute/shared/contract';

/** An unknown id (the API's 404) is null, not an error: the page says "Blog not found" and the site answers 404. */
export const blogQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.blog(id),
    queryFn: async (): Promise<Blog | null> => {
      try {
        return await blogsApi.get(id);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });

/** One post; when the list is already cached (coming from /blog) it shows at once while the fresh copy loads. */
export function useBlog(id: string) {
  const client = useQueryClient();
  return useQuery({
    ...blogQuery(id),
    placeholderData: () => client.getQueryData<Blog[]>(queryKeys.blogs)?.find((blog) => blog._id === id),
  });
}
