import { useState } from 'react';
import { messageFor } from '@institute/shared/api';
import { useAuth } from '@institute/shared/auth';
import type { User } from '@institute/shared/contract';
import { Link } from '@institute/shared/router';
import { ErrorState, Spinner } from '@institute/shared/ui';
import { AdminTable, type Column } from '../../../components/admin-table';
import { Pager } from '../../../components/pager';
import { useDeleteUser, useSetRole, useSignOutEverywhere, useUsers, type UsersQuery } from '../api/users';
import { ErasureRequests } from './erasure-requests';
import { UsersFilters } from './users-filters';
import ui from '../../../components/admin-ui.module.css';
import { DeleteButton } from '../../../components/delete-button';

export const CONFIRM_DELETE_USER = 'Are you sure you want to delete this user?';
export const confirmSignOut = (username: string) => `Sign ${username} out on every device? They will have to sign in again.`;
export const confirmRole = (user: User) => (user.role === 'admin'
  ? `Remove admin rights from ${user.username}? They keep their account as a student.`
  : `Make ${user.username} an admin? They will be able to manage the whole site.`);


const FIRST_PAGE: UsersQuery = { page: 1, limit: 20, sort: '-createdAt', q: '', role: '' };

export function UsersSection() {
  const { user: me } = useAuth();
  const [query, setQuery] = useState(FIRST_PAGE);
  const users = useUsers(query);
  const remove = useDeleteUser();
  const signOut = useSignOutEverywhere();
  const setRole = useSetRole();

  if (users.isPending) return <Spinner label="Loading users..." />;
  if (users.isError) return <ErrorState>Failed to load users. Please try again.</ErrorState>;
  const { items, total } = users.data;

  const onDelete = (target: User) => {
    if (!window.confirm(CONFIRM_DELETE_USER)) return;
    remove.mutate(target._id);
  };
  const onSignOut = (target: User) => {
    if (!window.confirm(confirmSignOut(target.username))) return;
    signOut.mutate(target._id);
  };
  const onRole = (target: User) => {
    if (!window.confirm(confirmRole(target))) return;
    setRole.mutate({ id: target._id, role: target.role === 'admin' ? 'user' : 'admin' });
  };
  const signedOutName = items.find((u) => u._id === signOut.variables)?.username;
  const busy = (mutation: { isPending: boolean; variables?: unknown }, id: string) =>
    mutation.isPending && (mutation.variables === id || (mutation.variables as { id?: string } | undefined)?.id === id);

  const actions = (u: User) => (u._id === me?.id ? <span className={ui.muted}>You</span> : (
    <div className={ui.actions}>
      <button type="button" className={`${ui.secondary} ${ui.small}`} disabled={busy(setRole, u._id)} onClick={() => onRole(u)}
        aria-label={u.role === 'admin' ? `Remove admin rights from ${u.username}` : `Make ${u.username} an admin`}>
        {u.role === 'admin' ? 'Make student' : 'Make admin'}
      </button>
      <button type="button" className={`${ui.secondary} ${ui.small}`} aria-label={`Sign out ${u.username} everywhere`}
        disabled={busy(signOut, u._id)} onClick={() => onSignOut(u)}>
        {busy(signOut, u._id) ? 'Signing out...' : 'Sign out everywhere'}
      </button>
      <DeleteButton label={`Delete user ${u.username}`} deleting={busy(remove, u._id)} onDelete={() => onDelete(u)} />
    </div>
  ));
  const columns: Column<User>[] = [
    {
      header: 'Username',
      cell: (u) => <Link to={`/admin?section=users&student=${encodeURIComponent(u._id)}`} aria-label={`Open the record of ${u.username}`}>{u.username}</Link>,
      className: ui.wrapAnywhere,
      sort: { ascending: 'username', descending: '-username' },
    },
    { header: 'Email', cell: (u) => u.email, className: ui.wrapAnywhere, sort: { ascending: 'email' } },
    { header: 'Role', cell: (u) => u.role, sort: { ascending: 'role' } },
    { header: 'Actions', cell: actions },
  ];

  return (
    <>
      {remove.isError ? <p role="alert" className={ui.error}>{messageFor(remove.error, 'Failed to delete user')}</p> : null}
      {signOut.isError ? <p role="alert" className={ui.error}>{messageFor(signOut.error, 'Failed to sign the user out')}</p> : null}
      {setRole.isError ? <p role="alert" className={ui.error}>{messageFor(setRole.error, 'Failed to change the role')}</p> : null}
      {signOut.isSuccess ? <p role="status" className={ui.success}>{signedOutName} is signed out on every device.</p> : null}
      {setRole.isSuccess ? <p role="status" className={ui.success}>{setRole.data.username} is now {setRole.data.role === 'admin' ? 'an admin' : 'a student'}.</p> : null}
      <ErasureRequests />
      <UsersFilters query={query} onChange={(next) => setQuery({ ...next, page: 1 })} />
      <AdminTable caption="Registered users" columns={columns} rows={items} rowKey={(u) => u._id} empty="No users found" busy={users.isFetching}
        sort={{ value: query.sort, onSort: (sort) => setQuery({ ...query, page: 1, sort }) }} />
      <Pager page={query.page} limit={query.limit} total={total} noun="users" onPage={(page) => setQuery({ ...query, page })} />
    </>
  );
}
