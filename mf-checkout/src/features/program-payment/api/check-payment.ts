import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys, request } from '@institute/shared/api';
import type { PaymentCheckResponse } from '@institute/shared/contract';

export const checkPayment = (programId: string) =>
  request<PaymentCheckResponse>(`/api/payments/check/${encodeURIComponent(programId)}`, { auth: true });

/** Under the payments key, so anything that records a payment refreshes this check too. */
export const paymentCheckQuery = (programId: string) =>
  queryOptions({ queryKey: [...queryKeys.payments, 'check', programId] as const, queryFn: () => checkPayment(programId) });

/** Only a signed-in visitor has payments to check. */
export const usePaymentCheck = (programId: string, signedIn: boolean) =>
  useQuery({ ...paymentCheckQuery(programId), enabled: signedIn && Boolean(programId) });
