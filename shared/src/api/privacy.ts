import type { ErasureRequest, MyErasureRequest } from '../contract';
import { download, request, type ApiFile } from './http';

const id = encodeURIComponent;

export type ExportFormat = 'json' | 'csv';

/** The export as the file the browser saves: its name from the server, its bytes as sent. */
export type ExportFile = ApiFile;

/** Issue 31 (decision 048): the student's own data export and erasure request, and the admin's decisions. */
export const privacyApi = {
  /** A file, not JSON for the page: the CSV's bytes and the server's file name are kept. */
  exportData: (userId: string, format: ExportFormat): Promise<ExportFile> => download(`/api/users/${id(userId)}/data-export?format=${format}`, {
    accept: format === 'csv' ? 'text/csv' : 'application/json',
    fallbackName: `my-data.${format}`,
  }),
  mine: (userId: string) => request<MyErasureRequest>(`/api/users/${id(userId)}/erasure-request`, { auth: true }),
  requestErasure: (userId: string, password: string) =>
    request<ErasureRequest>(`/api/users/${id(userId)}/erasure-request`, { method: 'POST', body: { password }, auth: true }),
  list: () => request<ErasureRequest[]>('/api/admin/erasure-requests', { auth: true }),
  approve: (requestId: string, reason?: string) =>
    request<ErasureRequest>(`/api/admin/erasure-requests/${id(requestId)}/approve`, { method: 'POST', body: reason ? { reason } : {}, auth: true }),
  decline: (requestId: string, reason: string) =>
    request<ErasureRequest>(`/api/admin/erasure-requests/${id(requestId)}/decline`, { method: 'POST', body: { reason }, auth: true }),
};

export const privacyKeys = {
  mine: (userId: string) => ['privacy', 'mine', userId] as const,
  requests: ['privacy', 'requests'] as const,
};
