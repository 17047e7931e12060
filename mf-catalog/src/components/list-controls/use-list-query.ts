import { useCallback, useMemo } from 'react';
import { useSearchParams } from '@institute/shared/router';
import { readListQuery, type ListQuery } from '../../utils/list-query';

/**
 * The list's filter and sort, kept in the URL: a link or a reload shows the same list, and each change is a
 * history entry, so Back returns to the previous one. Changing them keeps the page where it is scrolled: the visitor
 * is at the controls, not at the top.
 */
export function useListQuery(): [ListQuery, (next: ListQuery) => void] {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readListQuery(params), [params]);
  const setQuery = useCallback((next: ListQuery) => {
    const entries = Object.entries(next).filter((entry): entry is [string, string] => Boolean(entry[1]));
    setParams(new URLSearchParams(entries));
  }, [setParams]);
  return [query, setQuery];
}
