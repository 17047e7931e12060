import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, usersApi } from '@institute/shared/api';
import { adminUsersApi, type UsersQuery } from '@institute/shared/api/admin';
import type { User } from '@institute/shared/contract';

export type { UsersQuery } from '@institute/shared/api/admin';

/** One page of users as the server sorted and filtered it; the last page stays on screen while the next loads. */
export const useUsers = (query: UsersQuery) => useQuery({
  queryKey: [...queryKeys.users, 'page', query],
  queryFn: () => adminUsersApi.page(query),
  placeholderData: keepPreviousData,
});

/** A delete refreshes the list from the server rather than guessing what it now holds. */
export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => usersApi.remove(id),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.users }),
  });
}

/** Makes a user an admin or an admin a user; the server refuses to demote the last admin (409). */
export function useSetRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: User['role'] }) =>
      adminUsersApi.setRole(id, role),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.users }),
  });
}

/** Ends every session of a user; nothing in the list changes, so nothing is refetched. */
export function useSignOutEverywhere() {
  return useMutation({ mutationFn: (id: string) => usersApi.signOutEverywhere(id) });
}
