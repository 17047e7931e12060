import { request } from '@institute/shared/api';
import { CAPTURE_TIMEOUT_MS } from '../../../lib/capture-retry/capture-retry';
import type { PaymentResult } from '../payment-summary';

/** Records an order created and captured in the browser (checkout modal); the server re-reads it from PayPal. */
export const verifyPayment = (orderID: string) =>
  request<PaymentResult>('/api/verify-payment', { method: 'POST', body: { orderID }, auth: true, timeoutMs: CAPTURE_TIMEOUT_MS });
