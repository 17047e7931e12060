import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ledgerKeys, request } from '@institute/shared/api';
import { tokenStore } from '@institute/shared/auth';
import { getConfig } from '@institute/shared/config';
import type { ReceivablesPage } from '@institute/shared/contract';

export interface ReceivablesQuery {
  view: 'student' | 'session';
  page: number;
  limit: number;
  /** `-overdue`, `name`, …: the server sorts. */
  sort: string;
  q: string;
}

const search = ({ view, page, limit, sort, q }: ReceivablesQuery, paged = true) => new URLSearchParams([
  ['view', view], ...(paged ? [['page', String(page)], ['limit', String(limit)]] : []), ['sort', sort], ...(q ? [['q', q]] : []),
]).toString();

/** One page with the totals of every matching row; under the ledger's key, so any ledger write refreshes it. */
export const useReceivables = (query: ReceivablesQuery) => useQuery({
  queryKey: [...ledgerKeys.all, 'receivables', query],
  queryFn: ({ signal }) => request<ReceivablesPage>(`/api/admin/receivables?${search(query)}`, { auth: true, signal }),
  placeholderData: keepPreviousData,
});

/**
 * The server's CSV of every row the search matches (text/csv, not JSON). The server streams it from SQL a chunk at a
 * time; the browser saves the file as it came and never builds or pages rows itself.
 */
export async function fetchReceivablesCsv(query: ReceivablesQuery): Promise<string> {
  const token = tokenStore.getToken();
  const response = await fetch(`${getConfig().apiBaseUrl.replace(/\/$/, '')}/api/admin/receivables.csv?${search(query, false)}`, {
    headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok) throw new Error(`The CSV could not be downloaded (status ${response.status}).`);
  return response.text();
}
