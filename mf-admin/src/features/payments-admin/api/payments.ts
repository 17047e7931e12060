import { useQuery } from '@tanstack/react-query';
import { ApiError, paymentsApi, queryKeys } from '@institute/shared/api';

/** Without a token there is nothing to ask the server: the section says so instead. */
export const usePayments = (enabled: boolean) =>
  useQuery({ queryKey: queryKeys.payments, queryFn: paymentsApi.list, enabled });

export function paymentsError(error: unknown): string {
  return error instanceof ApiError && error.status > 0
    ? `Error ${error.status}: Failed to fetch payments`
    : 'Failed to fetch payments';
}
