import { request } from '@institute/shared/api';
import { CAPTURE_TIMEOUT_MS } from '../../../lib/capture-retry/capture-retry';
import type { PaymentResult } from '../payment-summary';

export interface CompletePaymentInput {
  token: string;
  payerID: string;
}

/** Captures an order the payer approved on PayPal's page (redirect flow); replays return the same payment. */
export const completePayment = (body: CompletePaymentInput) =>
  request<PaymentResult>('/api/complete-payment', { method: 'POST', body, auth: true, timeoutMs: CAPTURE_TIMEOUT_MS });
