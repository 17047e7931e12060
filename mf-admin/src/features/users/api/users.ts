import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, usersApi } from '@institute/shared/api';

export const useUsers = () => useQuery({ queryKey: queryKeys.users, queryFn: usersApi.list });

/** A delete refreshes the list from the server rather than guessing what it now holds. */
export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => usersApi.remove(id),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.users }),
  });
}

/** Ends every session of a user; nothing in the list changes, so nothing is refetched. */
export function useSignOutEverywhere() {
  return useMutation({ mutationFn: (id: string) => usersApi.signOutEverywhere(id) });
}
