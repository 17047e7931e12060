import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, request, usersApi } from '@institute/shared/api';
import type { Page, User } from '@institute/shared/contract';

export interface UsersQuery {
  page: number;
  limit: number;
  /** `username`, `-createdAt`, …: the server sorts. */
  sort: string;
  q: string;
  role: '' | 'user' | 'admin';
}

const search = (query: UsersQuery) => new URLSearchParams(
  Object.entries(query).filter(([, value]) => value !== '').map(([key, value]) => [key, String(value)]),
).toString();

/** One page of users as the server sorted and filtered it; the last page stays on screen while the next loads. */
export const useUsers = (query: UsersQuery) => useQuery({
  queryKey: [...queryKeys.users, 'page', query],
  queryFn: () => request<Page<User>>(`/api/admin/users?${search(query)}`, { auth: true }),
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
      request<User>(`/api/users/${encodeURIComponent(id)}/role`, { method: 'PUT', body: { role }, auth: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.users }),
  });
}

/** Ends every session of a user; nothing in the list changes, so nothing is refetched. */
export function useSignOutEverywhere() {
  return useMutation({ mutationFn: (id: string) => usersApi.signOutEverywhere(id) });
}
