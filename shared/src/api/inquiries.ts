import type { InquiryInput } from '../contract';
import { request } from './http';

/**
 * Leads (issue 31): the contact and appointment forms store each request on the server beside their EmailJS
 * message. The token says when the visitor started the form (the server's minimum fill time counts from it).
 */
export const inquiriesApi = {
  formToken: () => request<{ token: string }>('/api/inquiries/form-token'),
  send: (body: InquiryInput) => request<{ _id: string; message: string }>('/api/inquiries', { method: 'POST', body }),
};
