import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminInquiriesApi, adminUsersApi, type InquiriesQuery } from '@institute/shared/api/admin';
import type { InquiryStatus, InquiryUpdate } from '@institute/shared/contract';

export type { InquiriesQuery } from '@institute/shared/api/admin';

export const INQUIRY_STATUSES: readonly (readonly [InquiryStatus, string])[] = [
  ['new', 'New'], ['contacted', 'Contacted'], ['enrolled', 'Enrolled'], ['closed', 'Closed'],
];

const KEY = ['admin', 'inquiries'] as const;

/** One page of the inbox, newest first; the last page stays on screen while the next loads. */
export const useInquiries = (query: InquiriesQuery) => useQuery({
  queryKey: [...KEY, 'page', query],
  queryFn: () => adminInquiriesApi.page(query),
  placeholderData: keepPreviousData,
});

export const useInquiry = (id: string | null) => useQuery({
  queryKey: [...KEY, 'one', id],
  queryFn: () => adminInquiriesApi.get(id!),
  enabled: id !== null,
});

/** The admins an inquiry can be assigned to (a team's admins fit one page). */
export const useAdmins = () => useQuery({
  queryKey: [...KEY, 'admins'],
  queryFn: () => adminUsersApi.page({ role: 'admin', limit: 100, sort: 'username' }),
  staleTime: 60_000,
});

/** Every change refreshes the inbox and the open inquiry from the server rather than guessing. */
function useInquiryMutation<A, R>(call: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: KEY }) });
}

export const useUpdateInquiry = () => useInquiryMutation(({ id, change }: { id: string; change: InquiryUpdate }) =>
  adminInquiriesApi.update(id, change));

export const useAddNote = () => useInquiryMutation(({ id, body }: { id: string; body: string }) =>
  adminInquiriesApi.addNote(id, body));

export const useCreateAccount = () => useInquiryMutation(adminInquiriesApi.createAccount);
