import { useMutation } from '@tanstack/react-query';
import { request } from '@institute/shared/api';
import type { PaymentStartRequest, PaymentStartResponse } from '@institute/shared/contract';

/**
 * The spec's body is { amount }; courseId is added so the server prices the course itself, and sessionId names the
 * class session whose seat is bought (issue 29).
 */
export const startPayment = (body: PaymentStartRequest & { sessionId?: string }) =>
  request<Partial<PaymentStartResponse>>('/payment', { method: 'POST', body, auth: true });

export const useStartPayment = () => useMutation({ mutationFn: startPayment });

/** Only a web address may be followed; anything else counts as a failed start. */
export function approvalUrl(response: Partial<PaymentStartResponse> | undefined): string | null {
  const url = response?.approval_url;
  if (typeof url !== 'string') return null;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}
