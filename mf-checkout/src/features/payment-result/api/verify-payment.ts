import { request } from '@institute/shared/api';
import { CAPTURE_TIMEOUT_MS } from '../../../lib/capture-retry/capture-retry';
import { recallOrderSeat } from '../../../lib/session-hold/session-hold';
import type { PaymentResult } from '../payment-summary';

/** The server finds the caller's hold itself: the session alone goes along. */
const sessionOf = (orderID: string) => {
  const seat = recallOrderSeat(orderID);
  return seat ? { sessionId: seat.sessionId } : {};
};

/**
 * Records an order created and captured in the browser (checkout modal); the server re-reads it from PayPal. The
 * class session it was opened for goes along, so the capture turns the seat held for it into the enrollment.
 */
export const verifyPayment = (orderID: string) =>
  request<PaymentResult>('/api/verify-payment', { method: 'POST', body: { orderID, ...sessionOf(orderID) }, auth: true, timeoutMs: CAPTURE_TIMEOUT_MS });
