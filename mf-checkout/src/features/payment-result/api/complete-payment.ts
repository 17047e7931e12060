import { request } from '@institute/shared/api';
import { CAPTURE_TIMEOUT_MS } from '../../../lib/capture-retry/capture-retry';
import type { CompletePaymentRequest } from '@institute/shared/contract';
import type { PaymentResult } from '../payment-summary';

/** Captures an order the payer approved on PayPal's page (redirect flow); replays return the same payment. */
export const completePayment = (body: CompletePaymentRequest) =>
  request<PaymentResult>('/api/complete-payment', { method: 'POST', body, auth: true, timeoutMs: CAPTURE_TIMEOUT_MS });
