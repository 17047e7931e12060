import type { AdminInvoice, Invoice, InvoiceInput, InvoiceOrder, InvoicePaymentInput, InvoiceResult } from '../contract';
import { request } from './http';

const admin = (id: string) => `/api/admin/invoices/${encodeURIComponent(id)}`;
const link = (code: string) => `/api/invoices/${encodeURIComponent(code)}`;

/** Employer invoices (issue 30): the admin's section, and the organization's payment link (no account). */
export const invoicesApi = {
  list: (signal?: AbortSignal) => request<AdminInvoice[]>('/api/admin/invoices', { auth: true, signal }),
  issue: (body: InvoiceInput) => request<InvoiceResult>('/api/admin/invoices', { method: 'POST', body, auth: true }),
  recordPayment: (id: string, body: InvoicePaymentInput) => request<InvoiceResult>(`${admin(id)}/payments`, { method: 'POST', body, auth: true }),
  void: (id: string, reason: string) => request<InvoiceResult>(`${admin(id)}/void`, { method: 'POST', body: { reason }, auth: true }),
  byCode: (code: string, signal?: AbortSignal) => request<Invoice>(link(code), { signal }),
  order: (code: string, amount: number) => request<InvoiceOrder>(`${link(code)}/order`, { method: 'POST', body: { amount } }),
  capture: (code: string, orderID: string) => request<Invoice>(`${link(code)}/capture`, { method: 'POST', body: { orderID } }),
};

export const invoiceKeys = {
  all: ['invoices'] as const,
  list: () => ['invoices', 'list'] as const,
  byCode: (code: string) => ['invoices', 'code', code] as const,
};
