import { useId } from 'react';
import { SearchForm, SortSelect } from '../../../components/list-controls';
import type { UsersQuery } from '../api/users';
import ui from '../../../components/admin-ui.module.css';

const SORTS = [
  ['-createdAt', 'Newest first'], ['createdAt', 'Oldest first'], ['username', 'Username (A-Z)'], ['-username', 'Username (Z-A)'],
  ['email', 'Email (A-Z)'], ['role', 'Role'],
] as const;

/** Search words apply on submit; role and order apply as chosen. The server does the work. */
export function UsersFilters({ query, onChange }: { query: UsersQuery; onChange(next: UsersQuery): void }) {
  const id = useId();
  return (
    <div className={ui.listBar}>
      <SearchForm name="users" label="Username or email" value={query.q} onSearch={(q) => onChange({ ...query, q })} />
      <div className={ui.field}>
        <label htmlFor={`${id}-role`}>Role</label>
        <select id={`${id}-role`} className={ui.input} value={query.role} onChange={(e) => onChange({ ...query, role: e.target.value as UsersQuery['role'] })}>
          <option value="">All roles</option>
          <option value="user">Students</option>
          <option value="admin">Admins</option>
        </select>
      </div>
      <SortSelect sorts={SORTS} value={query.sort} onSort={(sort) => onChange({ ...query, sort })} />
    </div>
  );
}
