import type {
  CaptureOrderRequest, CompletePaymentRequest, CreateOrderResponse, MessageResponse, Payment, PaymentCheckResponse, PaymentStartRequest,
  PaymentStartResponse, VerifyPaymentRequest,
} from '../contract';
// Through the package, not './http': this entry is often another build's copy than the shell's `@institute/shared/api`,
// and one client means one ApiError class (instanceof) and one request timeout setting.
import { request } from '@institute/shared/api';

const id = encodeURIComponent;

/**
 * A capture may wait on PayPal several times on the server (its route deadline is 4 x PAYPAL_TIMEOUT_MS + 10 s,
 * 70 s by default): the browser waits as long, so it gets the server's answer rather than its own timeout.
 */
export const CAPTURE_TIMEOUT_MS = 75_000;

/** A seat held in a class session while an order made in the browser is approved (issue 29). */
export interface SeatHold {
  holdId: string;
  expiresAt: string;
}

/** What a capture answers: the payment recorded and, when the server knows it, what is still due. */
export interface CaptureResult {
  message?: string;
  payment?: Payment & { dueAmount?: number };
  dueAmount?: number;
}

/** The student's side of paying: the balance check, the seat hold, and each way an order is created and captured. */
export const checkoutApi = {
  /** What the signed-in student has paid and still owes for one program. */
  check: (programId: string) => request<PaymentCheckResponse>(`/api/payments/check/${id(programId)}`, { auth: true }),
  /** Held before PayPal opens: a full or closed session refuses here, before any money moves. */
  holdSeat: (sessionId: string) => request<SeatHold>(`/api/sessions/${id(sessionId)}/holds`, { method: 'POST', auth: true }),
  /** The redirect flow (the spec's `POST /payment`): the answer names PayPal's approval page. */
  start: (body: PaymentStartRequest & { sessionId?: string }) =>
    request<Partial<PaymentStartResponse>>('/payment', { method: 'POST', body, auth: true }),
  /** The server prices the program itself; `amount` only says how much of it is paid now. */
  createOrder: (programId: string, amount: number, sessionId?: string) =>
    request<Partial<CreateOrderResponse> | undefined>(`/api/payments/create-order/${id(programId)}`, {
      method: 'POST',
      body: sessionId ? { amount, sessionId } : { amount },
      auth: true,
    }),
  captureOrder: (body: CaptureOrderRequest) =>
    request<MessageResponse & { payment?: Payment }>('/api/payments/capture-order', { method: 'POST', body, auth: true, timeoutMs: CAPTURE_TIMEOUT_MS }),
  /** An order created and captured in the browser; the server re-reads it from PayPal. */
  verify: (body: VerifyPaymentRequest) =>
    request<CaptureResult>('/api/verify-payment', { method: 'POST', body, auth: true, timeoutMs: CAPTURE_TIMEOUT_MS }),
  /** An order approved on PayPal's page (redirect flow); replays return the same payment. */
  complete: (body: CompletePaymentRequest) =>
    request<CaptureResult>('/api/complete-payment', { method: 'POST', body, auth: true, timeoutMs: CAPTURE_TIMEOUT_MS }),
  cancel: (token: string) => request<MessageResponse>(`/api/payment/cancel/${id(token)}`, { method: 'POST', auth: true }),
};
