export type PaymentStatus = 'CREATED' | 'COMPLETED' | 'CANCELLED' | 'FAILED' | 'REJECTED' | 'REFUNDED' | 'PARTIALLY_REFUNDED' | 'VOIDED';

/** Money PayPal took and holds, in part or in full (refunds move COMPLETED to these). */
export const SETTLED_STATUSES: readonly PaymentStatus[] = ['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED'];
/** offline: money taken outside PayPal, recorded by the admin (decision 043). */
export type PaymentFlow = 'buttons' | 'redirect' | 'client' | 'offline';
export type OfflineMethod = 'cash' | 'check' | 'bank_transfer' | 'sponsor' | 'financing';

export interface PaymentRecord {
  id: string;
  userId: string | null;
  programId: string | null;
  programTitle: string | null;
  priceCents: number | null;
  amountCents: number;
  currency: string;
  flow: PaymentFlow;
  /** Null for an offline payment. */
  paypalOrderId: string | null;
  paypalCaptureId: string | null;
  payerId: string | null;
  status: PaymentStatus;
  statusReason: string | null;
  captureClaimedAt: Date | null;
  /** A capture was sent and nobody knows how it ended: PayPal must be asked (decision 011). */
  captureUnknownAt: Date | null;
  captureAttemptedAt: Date | null;
  /** The part of a COMPLETED payment above what was due: owed back, not counted toward the balance. */
  refundDueCents: number;
  /** Refunded through PayPal so far (decision 020). */
  refundedCents: number;
  /** Set in the transaction that completes the payment (migration 007), e.g. 2026-000123. */
  receiptNumber: string | null;
  /** The class session this payment is for, and the enrollment it pays (issue 29); null before sessions. */
  sessionId: string | null;
  enrollmentId: string | null;
  createdAt: Date;
  completedAt: Date | null;
  /** Offline payments (decision 043): how, which reference, the day the money was taken, and who recorded it. */
  offlineMethod: OfflineMethod | null;
  offlineReference: string | null;
  paidOn: string | null;
  note: string | null;
  recordedBy: string | null;
  /** The part above the balance the admin kept as a credit. */
  excessCreditCents: number;
  voidedAt: Date | null;
  voidedBy: string | null;
  voidReason: string | null;
}

/** A row with who paid and the program as it is now (null when the account or program is gone). */
export interface PaymentListRecord extends PaymentRecord {
  username: string | null;
  email: string | null;
  /** The student's legal name when given (issue 31): the receipt carries it. */
  legalName?: string | null;
  currentTitle: string | null;
  currentPriceCents: number | null;
  /**
   * Completed money of this student for this program up to and including this row (created order): the balance
   * the check call would have answered right after it. Sums the same cents as `paidCents`.
   */
  paidAfterCents: number;
  /** The coupon taken off this balance by the time of this payment (issue 30): the due after it is price - this - paid. */
  discountAfterCents: number;
  /** The agreement version on the enrollment this payment paid (issue 29), for the receipt. */
  agreementVersion: number | null;
  agreementAcceptedAt: Date | null;
  /** Credits of this balance when this payment was made (decision 043). */
  creditAfterCents: number;
}

/** The PayPal order of a row on a PayPal path: every flow but offline has one (migration 017's check). */
export function orderIdOf(row: Pick<PaymentRecord, 'id' | 'paypalOrderId'>): string {
  if (row.paypalOrderId === null) throw new Error(`payment ${row.id} was taken outside PayPal and has no order`);
  return row.paypalOrderId;
}

export type NewPayment = Pick<PaymentRecord, 'id' | 'userId' | 'programId' | 'programTitle' | 'priceCents' | 'amountCents' |
  'currency' | 'flow' | 'paypalOrderId' | 'status'> & Partial<Pick<PaymentRecord, 'paypalCaptureId' | 'payerId' | 'statusReason' | 'sessionId' | 'enrollmentId'>>;

export interface ReconcileOptions {
  claimWindowMs: number;
  /** Unclaimed CREATED rows older than this are looked at. */
  staleAfterMs: number;
  /** CANCELLED rows whose capture was attempted are re-read this long after their last change. */
  cancelledWatchMs: number;
  /** How long a taken row is left alone by other instances. */
  leaseMs: number;
  limit: number;
}
