import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { answeredStatus, queryKeys } from '@institute/shared/api';
import { adminPaymentsApi, type PaymentsQuery } from '@institute/shared/api/admin';
import type { AdminPayment } from '@institute/shared/contract';

export type { PaymentsQuery } from '@institute/shared/api/admin';

export function paymentsError(error: unknown): string {
  const status = answeredStatus(error);
  return status === null ? 'Failed to fetch payments' : `Error ${status}: Failed to fetch payments`;
}


/** One page as the server filtered and sorted it; the last page stays on screen while the next loads. */
export const usePaymentsPage = (query: PaymentsQuery, enabled: boolean) => useQuery({
  queryKey: [...queryKeys.payments, 'page', query],
  queryFn: () => adminPaymentsApi.page(query),
  placeholderData: keepPreviousData,
  enabled,
});

/** Every payment the filters match, page by page (the CSV holds them all, not only the page on screen). */
export async function fetchAllMatching(query: PaymentsQuery): Promise<AdminPayment[]> {
  const rows: AdminPayment[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await adminPaymentsApi.page({ ...query, page, limit: 100 });
    rows.push(...answer.items);
    // A capped total is not the end: past it, only a short page is.
    if (answer.items.length < 100 || (!answer.totalCapped && rows.length >= answer.total)) return rows;
  }
}
