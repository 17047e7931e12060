import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ledgerKeys } from '@institute/shared/api';
import { adminLedgerApi, type ReceivablesQuery } from '@institute/shared/api/admin';

export type { ReceivablesQuery } from '@institute/shared/api/admin';

/** One page with the totals of every matching row; under the ledger's key, so any ledger write refreshes it. */
export const useReceivables = (query: ReceivablesQuery) => useQuery({
  queryKey: [...ledgerKeys.all, 'receivables', query],
  queryFn: ({ signal }) => adminLedgerApi.receivables(query, signal),
  placeholderData: keepPreviousData,
});
