import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { blogsApi, queryKeys } from '@institute/shared/api';
import type { Blog } from '@institute/shared/contract';

export const blogQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.blog(id), queryFn: () => blogsApi.get(id), staleTime: 60_000 });

/** One post; when the list is already cached (coming from /blog) it shows at once while the fresh copy loads. */
export function useBlog(id: string) {
  const client = useQueryClient();
  return useQuery({
    ...blogQuery(id),
    placeholderData: () => client.getQueryData<Blog[]>(queryKeys.blogs)?.find((blog) => blog._id === id),
  });
}
