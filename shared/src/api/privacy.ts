import type { ErasureRequest, MyErasureRequest } from '../contract';
import { getConfig } from '../config';
import { tokenStore } from '../auth/token-store';
import { ApiError, request } from './http';

const id = encodeURIComponent;

export type ExportFormat = 'json' | 'csv';

/** The export as the file the browser saves: its name from the server, its bytes as sent. */
export interface ExportFile { name: string; blob: Blob }

/** Issue 31 (decision 048): the student's own data export and erasure request, and the admin's decisions. */
export const privacyApi = {
  /** A file, not JSON for the page: fetched directly so the CSV's bytes and the server's file name are kept. */
  async exportData(userId: string, format: ExportFormat): Promise<ExportFile> {
    const token = tokenStore.getToken();
    let response: Response;
    try {
      response = await fetch(`${getConfig().apiBaseUrl.replace(/\/$/, '')}/api/users/${id(userId)}/data-export?format=${format}`, {
        headers: { Accept: format === 'csv' ? 'text/csv' : 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      });
    } catch {
      throw new ApiError(0, 'NetworkError', 'The server could not be reached.', 'network');
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { error?: string; message?: string };
      const retry = response.headers.get('Retry-After');
      throw new ApiError(response.status, body.error ?? 'HttpError', body.message ?? `HTTP error! status: ${response.status}`, 'http',
        retry && /^\d+$/.test(retry) ? Number(retry) : null, body.message ?? null);
    }
    const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? `my-data.${format}`;
    return { name, blob: await response.blob() };
  },
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
