import type {
  AdjustmentInput, AdjustmentResponse, Adjustment, ClassEnrollment, ManualEnrollmentInput, OfflinePaymentInput, OfflinePaymentResponse,
  Payment, StudentLedger,
} from '../contract';
import { request } from './http';

const id = encodeURIComponent;

/** The admin's ledger (issue 30, decision 043): every amount is the server's; a refusal carries its sentence. */
export const ledgerApi = {
  student: (userId: string, signal?: AbortSignal) => request<StudentLedger>(`/api/admin/ledger/students/${id(userId)}`, { auth: true, signal }),
  recordPayment: (body: OfflinePaymentInput) =>
    request<OfflinePaymentResponse>('/api/admin/ledger/offline-payments', { method: 'POST', body, auth: true }),
  voidPayment: (paymentId: string, reason: string) =>
    request<Payment>(`/api/admin/ledger/offline-payments/${id(paymentId)}/void`, { method: 'POST', body: { reason }, auth: true }),
  grantCredit: (body: AdjustmentInput) => request<AdjustmentResponse>('/api/admin/ledger/adjustments', { method: 'POST', body, auth: true }),
  voidAdjustment: (adjustmentId: string, reason: string) =>
    request<Adjustment>(`/api/admin/ledger/adjustments/${id(adjustmentId)}/void`, { method: 'POST', body: { reason }, auth: true }),
  enroll: (body: ManualEnrollmentInput) => request<ClassEnrollment>('/api/admin/ledger/enrollments', { method: 'POST', body, auth: true }),
};

export const ledgerKeys = {
  all: ['ledger'] as const,
  student: (userId: string) => ['ledger', 'student', userId] as const,
};
