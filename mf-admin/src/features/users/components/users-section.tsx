import { ApiError } from '@institute/shared/api';
import { useAuth } from '@institute/shared/auth';
import type { User } from '@institute/shared/contract';
import { EmptyState, ErrorState, Spinner } from '@institute/shared/ui';
import { useDeleteUser, useSignOutEverywhere, useUsers } from '../api/users';
import ui from '../../../components/admin-ui.module.css';

export const CONFIRM_DELETE_USER = 'Are you sure you want to delete this user?';
export const confirmSignOut = (username: string) => `Sign ${username} out on every device? They will have to sign in again.`;

/** The server explains refusals (e.g. the last admin); anything else gets a plain fallback. */
function failure(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status > 0 ? error.message : fallback;
}

export function UsersSection() {
  const { user: me } = useAuth();
  const users = useUsers();
  const remove = useDeleteUser();
  const signOut = useSignOutEverywhere();

  if (users.isPending) return <Spinner label="Loading users..." />;
  if (users.isError) return <ErrorState>Failed to load users. Please try again.</ErrorState>;
  if (users.data.length === 0) return <EmptyState>No users found</EmptyState>;

  const onDelete = (target: User) => {
    if (!window.confirm(CONFIRM_DELETE_USER)) return;
    remove.mutate(target._id);
  };

  const onSignOut = (target: User) => {
    if (!window.confirm(confirmSignOut(target.username))) return;
    signOut.mutate(target._id);
  };
  const signedOutName = users.data.find((u) => u._id === signOut.variables)?.username;

  return (
    <>
      {remove.isError ? <p role="alert" className={ui.error}>{failure(remove.error, 'Failed to delete user')}</p> : null}
      {signOut.isError ? <p role="alert" className={ui.error}>{failure(signOut.error, 'Failed to sign the user out')}</p> : null}
      {signOut.isSuccess ? <p role="status" className={ui.success}>{signedOutName} is signed out on every device.</p> : null}
      <div className={ui.tableWrap}>
        <table className={ui.table}>
          <caption>Registered users</caption>
          <thead>
            <tr>
              <th scope="col">Username</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {users.data.map((u) => (
              <tr key={u._id}>
                <td>{u.username}</td>
                <td>{u.email}</td>
                <td>{u.role}</td>
                <td>
                  {u._id === me?.id ? (
                    <span className={ui.muted}>You</span>
                  ) : (
                    <div className={ui.actions}>
                      <button
                        type="button"
                        className={`${ui.secondary} ${ui.small}`}
                        aria-label={`Sign out ${u.username} everywhere`}
                        disabled={signOut.isPending && signOut.variables === u._id}
                        onClick={() => onSignOut(u)}
                      >
                        {signOut.isPending && signOut.variables === u._id ? 'Signing out...' : 'Sign out everywhere'}
                      </button>
                      <button
                        type="button"
                        className={`${ui.danger} ${ui.small}`}
                        aria-label={`Delete user ${u.username}`}
                        disabled={remove.isPending && remove.variables === u._id}
                        onClick={() => onDelete(u)}
                      >
                        {remove.isPending && remove.variables === u._id ? 'Deleting...' : 'Delete'}
                      </button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
