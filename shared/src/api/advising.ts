import type {
  AdminAdvisingSlot, AdminAdvisingSlotList, AdvisingBooked, AdvisingBookingInput, AdvisingBookingView, AdvisingSlotCancelled, AdvisingSlotInput,
  AdvisingSlotList,
} from '../contract';
import { queryOptions } from '@tanstack/react-query';
import { request } from './http';

/** Advising slots (issue 31): the visitor's booking and cancel link, the admin's publishing and cancelling. */
export const advisingApi = {
  slots: () => request<AdvisingSlotList>('/api/advising/slots'),
  book: (body: AdvisingBookingInput) => request<AdvisingBooked>('/api/advising/bookings', { method: 'POST', body }),
  booking: (token: string) => request<AdvisingBookingView>(`/api/advising/cancel?token=${encodeURIComponent(token)}`),
  cancel: (token: string) => request<AdvisingBookingView>('/api/advising/cancel', { method: 'POST', body: { token } }),
  adminSlots: (when: 'upcoming' | 'past') => request<AdminAdvisingSlotList>(`/api/admin/advising/slots?when=${when}`, { auth: true }),
  publish: (body: AdvisingSlotInput) => request<{ items: AdminAdvisingSlot[] }>('/api/admin/advising/slots', { method: 'POST', body, auth: true }),
  cancelSlot: (slotId: string, reason: string) =>
    request<AdvisingSlotCancelled>(`/api/admin/advising/slots/${encodeURIComponent(slotId)}/cancel`, { method: 'POST', body: { reason }, auth: true }),
};

export const advisingKeys = {
  open: ['advising', 'slots'] as const,
  booking: (token: string) => ['advising', 'booking', token] as const,
  admin: (when: 'upcoming' | 'past') => ['advising', 'admin', when] as const,
};

/**
 * The open advising times, public and the same for everyone: read by the booking page, by the site server's render
 * of it and by a link's prefetch, all into one cache entry.
 */
export const advisingSlotsQuery = () => queryOptions({ queryKey: advisingKeys.open, queryFn: advisingApi.slots });
