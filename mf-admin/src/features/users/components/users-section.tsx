import { ApiError } from '@institute/shared/api';
import { useAuth } from '@institute/shared/auth';
import type { User } from '@institute/shared/contract';
import { EmptyState, ErrorState, Spinner } from '@institute/shared/ui';
import { useDeleteUser, useUsers } from '../api/users';
import ui from '../../../components/admin-ui.module.css';

export const CONFIRM_DELETE_USER = 'Are you sure you want to delete this user?';

function deleteError(error: unknown): string {
  // The server explains refusals (e.g. the last admin); anything else gets a plain fallback.
  return error instanceof ApiError && error.status > 0 ? error.message : 'Failed to delete user';
}

export function UsersSection() {
  const { user: me } = useAuth();
  const users = useUsers();
  const remove = useDeleteUser();

  if (users.isPending) return <Spinner label="Loading users..." />;
  if (users.isError) return <ErrorState>Failed to load users. Please try again.</ErrorState>;
  if (users.data.length === 0) return <EmptyState>No users found</EmptyState>;

  const onDelete = (target: User) => {
    if (!window.confirm(CONFIRM_DELETE_USER)) return;
    remove.mutate(target._id);
  };

  return (
    <>
      {remove.isError ? <p role="alert" className={ui.error}>{deleteError(remove.error)}</p> : null}
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
                    <button
                      type="button"
                      className={`${ui.danger} ${ui.small}`}
                      aria-label={`Delete user ${u.username}`}
                      disabled={remove.isPending && remove.variables === u._id}
                      onClick={() => onDelete(u)}
                    >
                      {remove.isPending && remove.variables === u._id ? 'Deleting...' : 'Delete'}
                    </button>
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
