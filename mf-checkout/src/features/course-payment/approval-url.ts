import type { PaymentStartResponse } from '@institute/shared/contract';

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
