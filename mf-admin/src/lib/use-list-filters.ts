import { useCallback, useEffect, useState } from 'react';
import { SHOWN_PARAM } from '@institute/shared/api';
import { useSearchParams } from '@institute/shared/router';

/** Typing pauses this long before the server is asked, so a word is one request, not one per letter. */
export const SEARCH_DELAY_MS = 300;

export interface ListFilters<S extends string> {
  /** The words the list is searched for, as the URL holds them (trimmed). */
  q: string;
  sort: S;
  /** What the search box shows: ahead of `q` while typing pauses. */
  search: string;
  setSearch(value: string): void;
  setSort(value: S): void;
}

/**
 * An admin list's search and order, kept in the URL (`?q=…&sort=…`, beside the paged list's `shown`), so a reload,
 * Back or a shared link shows the same list. A new search or order starts again from the first page. Search words
 * replace the history entry (one per pause in typing would fill Back); an order is an entry of its own.
 */
export function useListFilters<S extends string>(sorts: readonly S[], fallback: S): ListFilters<S> {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const asked = params.get('sort') ?? '';
  const sort = (sorts as readonly string[]).includes(asked) ? (asked as S) : fallback;
  const [search, setSearch] = useState(q);
  // Back, Forward or a link changed the words: the box follows (typing ahead of the URL is left alone).
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    setShownQ(q);
    if (search.trim() !== q) setSearch(q);
  }

  const write = useCallback((key: 'q' | 'sort', value: string, replace: boolean) => {
    setParams((next) => {
      if (value) next.set(key, value);
      else next.delete(key);
      next.delete(SHOWN_PARAM);
      return next;
    }, { replace });
  }, [setParams]);

  useEffect(() => {
    const words = search.trim();
    if (words === q) return undefined;
    const timer = setTimeout(() => write('q', words, true), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, q, write]);

  const setSort = useCallback((value: S) => write('sort', value === fallback ? '' : value, false), [write, fallback]);
  return { q, sort, search, setSearch, setSort };
}
