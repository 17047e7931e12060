import type { Inquiry, InquiryNote, InquiryStatus, InquiryUpdate, InquiryWithNotes, Page } from '../../contract';
import { request } from '@institute/shared/api';
import { listSearch, type AdminListQuery } from './list-query';

export interface InquiriesQuery extends Omit<AdminListQuery, 'sort'> {
  status: '' | InquiryStatus;
}

const path = (id: string, rest = '') => `/api/admin/inquiries/${encodeURIComponent(id)}${rest}`;

/** The admin's inbox of leads (issue 31): newest first, each with its notes. */
export const adminInquiriesApi = {
  page: (query: InquiriesQuery) => request<Page<Inquiry>>(`/api/admin/inquiries?${listSearch(query)}`, { auth: true }),
  get: (id: string) => request<InquiryWithNotes>(path(id), { auth: true }),
  update: (id: string, change: InquiryUpdate) => request<InquiryWithNotes>(path(id), { method: 'PUT', body: change, auth: true }),
  addNote: (id: string, body: string) => request<InquiryNote>(path(id, '/notes'), { method: 'POST', body: { body }, auth: true }),
  /** A student account for the lead, invited by email. */
  createAccount: (id: string) => request<InquiryWithNotes>(path(id, '/account'), { method: 'POST', auth: true }),
};
