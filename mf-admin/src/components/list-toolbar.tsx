import { useId } from 'react';
import ui from './admin-ui.module.css';
import { SortSelect } from './list-controls';

interface Props<S extends string> {
  /** What the list holds, plural ("courses"): names the search landmark and the box. */
  noun: string;
  search: string;
  onSearch(value: string): void;
  /** The orders the list offers; none, no sort control. */
  sorts?: readonly (readonly [S, string])[];
  sort?: S;
  onSort?(value: S): void;
}

/** Search and order above a server-paged admin list. */
export function ListToolbar<S extends string>({ noun, search, onSearch, sorts, sort, onSort }: Props<S>) {
  const id = useId();
  return (
    <div className={ui.listBar} role="search" aria-label={`Find ${noun}`}>
      <div className={ui.field}>
        <label htmlFor={`${id}-search`}>{`Search ${noun}`}</label>
        <input id={`${id}-search`} className={ui.input} type="search" value={search} onChange={(e) => onSearch(e.target.value)} />
      </div>
      {sorts && sort && onSort ? <SortSelect sorts={sorts} value={sort} onSort={onSort} /> : null}
    </div>
  );
}
