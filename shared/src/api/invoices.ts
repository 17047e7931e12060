import type { AdminInvoice, Invoice, InvoiceInput, InvoiceOrder, InvoicePaymentInput, InvoiceResult } from '../contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, request } from './http';

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

/**
 * An invoice by its payment link's code; null when no invoice has it (the API's 404), so the page says so and the
 * site server answers that page with a 404 too. Read by the page, by the site server's render of it and by a
 * link's prefetch, all into one cache entry.
 */
export const invoiceQuery = (code: string) => queryOptions({
  queryKey: invoiceKeys.byCode(code),
  queryFn: async ({ signal }): Promise<Invoice | null> => {
    try {
      return await invoicesApi.byCode(code, signal);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  enabled: code !== '',
  retry: false,
});
