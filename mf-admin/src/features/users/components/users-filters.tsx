import { useId, type FormEvent } from 'react';
import type { UsersQuery } from '../api/users';
import ui from '../../../components/admin-ui.module.css';

const SORTS = [
  ['-createdAt', 'Newest first'], ['createdAt', 'Oldest first'], ['username', 'Username (A-Z)'], ['-username', 'Username (Z-A)'],
  ['email', 'Email (A-Z)'], ['role', 'Role'],
] as const;

/** Search words apply on submit; role and order apply as chosen. The server does the work. */
export function UsersFilters({ query, onChange }: { query: UsersQuery; onChange(next: UsersQuery): void }) {
  const id = useId();
  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange({ ...query, q: String(new FormData(event.currentTarget).get('q') ?? '').trim() });
  };
  return (
    <div className={ui.listBar}>
      <form role="search" aria-label="Search users" className={ui.field} onSubmit={onSearch}>
        <label htmlFor={`${id}-q`}>Username or email</label>
        <div className={ui.actions}>
          <input id={`${id}-q`} name="q" type="search" className={ui.input} defaultValue={query.q} />
          <button type="submit" className={`${ui.button} ${ui.small}`}>Search</button>
        </div>
      </form>
      <div className={ui.field}>
        <label htmlFor={`${id}-role`}>Role</label>
        <select id={`${id}-role`} className={ui.input} value={query.role} onChange={(e) => onChange({ ...query, role: e.target.value as UsersQuery['role'] })}>
          <option value="">All roles</option>
          <option value="user">Students</option>
          <option value="admin">Admins</option>
        </select>
      </div>
      <div className={ui.field}>
        <label htmlFor={`${id}-sort`}>Sort by</label>
        <select id={`${id}-sort`} className={ui.input} value={query.sort} onChange={(e) => onChange({ ...query, sort: e.target.value })}>
          {SORTS.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </select>
      </div>
    </div>
  );
}
