import { useId, type FormEvent } from 'react';
import { SORTS, type ListQuery, type SortKey } from '../../utils/list-query';
import styles from './list-controls.module.css';

interface Props {
  /** What the list holds, plural ("courses"), for labels and the result count. */
  noun: string;
  categories: string[];
  query: ListQuery;
  onChange(next: ListQuery): void;
  shown: number;
  total: number;
}

/**
 * Search words, category and order of a catalog list; the count of matches (and how many of them are on screen,
 * while more can be loaded) is announced as it changes.
 */
export function ListControls({ noun, categories, query, onChange, shown, total }: Props) {
  const id = useId();
  const options = query.category && !categories.includes(query.category) ? [...categories, query.category] : categories;

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = new FormData(event.currentTarget).get('q');
    onChange({ ...query, q: typeof q === 'string' ? q.trim() : undefined });
  };

  return (
    <div className={styles.bar}>
      {/* Keyed by the URL's words, so Back or a new header search shows them in the box. */}
      <form role="search" aria-label={`Search ${noun}`} className={styles.search} onSubmit={onSearch} key={query.q ?? ''}>
        <label htmlFor={`${id}-q`}>Search</label>
        <input id={`${id}-q`} name="q" type="search" defaultValue={query.q ?? ''} placeholder={`Search ${noun}`} />
        <button type="submit">Search</button>
      </form>
      <div className={styles.field}>
        <label htmlFor={`${id}-category`}>Category</label>
        <select id={`${id}-category`} value={query.category ?? ''} onChange={(e) => onChange({ ...query, category: e.target.value || undefined })}>
          <option value="">All categories</option>
          {options.map((category) => <option key={category} value={category}>{category}</option>)}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-sort`}>Sort by</label>
        <select id={`${id}-sort`} value={query.sort ?? ''} onChange={(e) => onChange({ ...query, sort: (e.target.value || undefined) as SortKey | undefined })}>
          <option value="">Newest added last</option>
          {Object.entries(SORTS).map(([key, label]) => <option key={key} value={key}>{label}</option>)}
        </select>
      </div>
      <p className={styles.count} role="status">
        {shown < total ? `Showing ${shown} of ${total} ${noun}` : `${total} ${noun}`}
      </p>
    </div>
  );
}

/** The empty result of a filter: says so, and offers the whole list. */
export function NoMatches({ noun, onClear }: { noun: string; onClear(): void }) {
  return (
    <div className={styles.none}>
      <p>No {noun} match these filters.</p>
      <button type="button" onClick={onClear}>Clear filters</button>
    </div>
  );
}
