import { useId, type FormEvent } from 'react';
import ui from './admin-ui.module.css';

/** A search applied when sent (Enter or the button), for lists whose server search is costly to run per pause. */
export function SearchForm({ name, label, value, onSearch }: { name: string; label: string; value: string; onSearch(words: string): void }) {
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get('q') ?? '').trim());
  };
  return (
    <form role="search" aria-label={`Search ${name}`} className={ui.field} onSubmit={submit}>
      <label htmlFor={`${id}-q`}>{label}</label>
      <div className={ui.actions}>
        <input id={`${id}-q`} name="q" type="search" className={ui.input} defaultValue={value} />
        <button type="submit" className={`${ui.button} ${ui.small}`}>Search</button>
      </div>
    </form>
  );
}

/** "Sort by" over a list: the orders it offers, by value and label. */
export function SortSelect<S extends string>({ sorts, value, onSort }: { sorts: readonly (readonly [S, string])[]; value: S; onSort(value: S): void }) {
  const id = useId();
  return (
    <div className={ui.field}>
      <label htmlFor={`${id}-sort`}>Sort by</label>
      <select id={`${id}-sort`} className={ui.input} value={value} onChange={(e) => onSort(e.target.value as S)}>
        {sorts.map(([key, label]) => <option key={key} value={key}>{label}</option>)}
      </select>
    </div>
  );
}
