import type { LedgerBalance, ReceivablesPage } from '../../contract';
import { download, request, type ApiFile } from '@institute/shared/api';

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

/** The admin's reading of the ledger: balances due across students, and one program's balance for one student. */
export const adminLedgerApi = {
  /** One page with the totals of every matching row. */
  receivables: (query: ReceivablesQuery, signal?: AbortSignal) =>
    request<ReceivablesPage>(`/api/admin/receivables?${search(query)}`, { auth: true, signal }),
  /** Every row the search matches as the server's CSV, streamed from SQL; not paged. */
  receivablesCsv: (query: ReceivablesQuery): Promise<ApiFile> => download(`/api/admin/receivables.csv?${search(query, false)}`, {
    accept: 'text/csv',
    fallbackName: `receivables-${query.view}-${new Date().toISOString().slice(0, 10)}.csv`,
  }),
  /** A program the student has no money or seat in yet: what it would cost them now. */
  balance: (userId: string, programId: string, signal?: AbortSignal) => request<LedgerBalance>(
    `/api/admin/ledger/balance?userId=${encodeURIComponent(userId)}&programId=${encodeURIComponent(programId)}`, { auth: true, signal }),
};
