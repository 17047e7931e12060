import { useCallback, useEffect, useMemo } from 'react';
import { useInfiniteQuery, type InfiniteData, type UseInfiniteQueryOptions } from '@tanstack/react-query';
import { useSearchParams } from '../router';
import { firstPageLimit, LIST_PAGE_SIZE, type PageStep } from './queries';

/** The URL parameter that keeps how many items a list showed, so a reload or a shared link shows as many. */
export const SHOWN_PARAM = 'shown';

interface ListPage<T> {
  items: T[];
  total: number;
  nextCursor: string | null;
}

/** How far a list page's URL says its reader got (`?shown=48`); anything else is the first page. */
export function shownFrom(params: URLSearchParams): number | undefined {
  const shown = Number(params.get(SHOWN_PARAM));
  return Number.isInteger(shown) && shown > 0 ? shown : undefined;
}

type PagedOptions<P> = UseInfiniteQueryOptions<P, Error, InfiniteData<P, PageStep>, readonly unknown[], PageStep>;

/**
 * A list read from the server a page at a time. "Load more" appends the next page to the same cached entry and
 * writes the new length into the URL (replacing the history entry, so Back leaves the list rather than stepping
 * back through its pages); the first page of a URL that carries a length holds that many.
 */
export function usePagedList<T, P extends ListPage<T>>(options: (firstLimit: number) => PagedOptions<P>) {
  const [params, setParams] = useSearchParams();
  const query = useInfiniteQuery(options(firstPageLimit(shownFrom(params))));
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  const items = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  const first = data?.pages[0];
  const shown = items.length;

  useEffect(() => {
    const current = shownFrom(params);
    const wanted = shown > LIST_PAGE_SIZE ? shown : undefined;
    if (!data || current === wanted || (current !== undefined && wanted === undefined && shown >= current)) return;
    setParams((next) => {
      if (wanted) next.set(SHOWN_PARAM, String(wanted));
      else next.delete(SHOWN_PARAM);
      return next;
    }, { replace: true });
    // Only a change in what is shown writes the URL; params are read here, not followed.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- following params and data would rewrite the URL on every read
  }, [shown]);

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);

  return { ...query, items, total: first?.total ?? 0, firstPage: first, loadMore, hasMore: Boolean(hasNextPage), loadingMore: isFetchingNextPage };
}
