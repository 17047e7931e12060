import type { ReactNode } from 'react';
import { usePagedList, type coursePagesQuery, type CatalogFilters } from '@institute/shared/api';
import type { CatalogCardPage, CourseCard } from '@institute/shared/contract';
import { EmptyState, LoadMore } from '@institute/shared/ui';
import { ListControls, NoMatches } from '../list-controls/list-controls';
import { useListQuery } from '../list-controls/use-list-query';
import type { ListQuery } from '../../utils/list-query';

/** coursePagesQuery or quickProgramPagesQuery: the same shape over two lists. */
type PagesOptions = typeof coursePagesQuery;

interface CatalogListProps {
  /** Plural, lower case: "courses", "programs". */
  noun: string;
  /** The list's accessible name ("Courses"). */
  label: string;
  gridClass: string;
  pages: PagesOptions;
  loading: ReactNode;
  empty: string;
  error(retry: () => void, error: Error): ReactNode;
  card(item: CourseCard, index: number): ReactNode;
}

/** The URL's list state as the API's filters (the order's words are the same on both sides). */
export const filtersOf = ({ category, q, sort }: ListQuery): CatalogFilters => ({ category, q, sort });

/**
 * A catalog list read from the server a page at a time: category, search words and order from the URL go to SQL,
 * the first page is in the first HTML (the server renders it from the same query) and "Load more" appends.
 */
export function CatalogList({ noun, label, gridClass, pages, loading, empty, error, card }: CatalogListProps) {
  const [query, setQuery] = useListQuery();
  const list = usePagedList<CourseCard, CatalogCardPage>((firstLimit) => pages(filtersOf(query), firstLimit));
  if (list.isPending) return <>{loading}</>;
  if (list.isError) return <>{error(() => void list.refetch(), list.error)}</>;
  const categories = list.firstPage?.categories ?? [];
  const filtered = Boolean(query.category || query.q);
  if (list.total === 0 && !filtered) return <EmptyState>{empty}</EmptyState>;
  return (
    <>
      <ListControls noun={noun} categories={categories} query={query} onChange={setQuery} shown={list.items.length} total={list.total} />
      {list.items.length === 0 ? <NoMatches noun={noun} onClear={() => setQuery({ sort: query.sort })} /> : (
        <>
          <ul className={gridClass} aria-label={label}>
            {list.items.map((item, index) => card(item, index))}
          </ul>
          <LoadMore noun={noun} hasMore={list.hasMore} loading={list.loadingMore} onMore={list.loadMore} />
        </>
      )}
    </>
  );
}
