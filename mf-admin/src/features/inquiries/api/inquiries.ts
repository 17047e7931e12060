import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@institute/shared/api';
import type { Inquiry, InquiryNote, InquiryStatus, InquiryUpdate, InquiryWithNotes, Page, User } from '@institute/shared/contract';

export interface InquiriesQuery {
  page: number;
  limit: number;
  q: string;
  status: '' | InquiryStatus;
}

export const INQUIRY_STATUSES: readonly (readonly [InquiryStatus, string])[] = [
  ['new', 'New'], ['contacted', 'Contacted'], ['enrolled', 'Enrolled'], ['closed', 'Closed'],
];

const KEY = ['admin', 'inquiries'] as const;
const path = (id: string, rest = '') => `/api/admin/inquiries/${encodeURIComponent(id)}${rest}`;

const search = (query: InquiriesQuery) => new URLSearchParams(
  Object.entries(query).filter(([, value]) => value !== '').map(([key, value]) => [key, String(value)]),
).toString();

/** One page of the inbox, newest first; the last page stays on screen while the next loads. */
export const useInquiries = (query: InquiriesQuery) => useQuery({
  queryKey: [...KEY, 'page', query],
  queryFn: () => request<Page<Inquiry>>(`/api/admin/inquiries?${search(query)}`, { auth: true }),
  placeholderData: keepPreviousData,
});

export const useInquiry = (id: string | null) => useQuery({
  queryKey: [...KEY, 'one', id],
  queryFn: () => request<InquiryWithNotes>(path(id!), { auth: true }),
  enabled: id !== null,
});

/** The admins an inquiry can be assigned to (a team's admins fit one page). */
export const useAdmins = () => useQuery({
  queryKey: [...KEY, 'admins'],
  queryFn: () => request<Page<User>>('/api/admin/users?role=admin&limit=100&sort=username', { auth: true }),
  staleTime: 60_000,
});

/** Every change refreshes the inbox and the open inquiry from the server rather than guessing. */
function useInquiryMutation<A, R>(call: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: KEY }) });
}

export const useUpdateInquiry = () => useInquiryMutation(({ id, change }: { id: string; change: InquiryUpdate }) =>
  request<InquiryWithNotes>(path(id), { method: 'PUT', body: change, auth: true }));

export const useAddNote = () => useInquiryMutation(({ id, body }: { id: string; body: string }) =>
  request<InquiryNote>(path(id, '/notes'), { method: 'POST', body: { body }, auth: true }));

export const useCreateAccount = () => useInquiryMutation((id: string) =>
  request<InquiryWithNotes>(path(id, '/account'), { method: 'POST', auth: true }));
