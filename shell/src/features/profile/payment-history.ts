import type { Payment } from '@institute/shared/contract';

export interface PaymentRow {
  payment: Payment;
  /** What this payment counts toward the program: only COMPLETED money is paid (the API's own figure). */
  paid: number;
  /** The program's balance right after this payment, as the API computed it; null when it has none. */
  dueAfter: number | null;
}

/** Oldest first, so the balance reads down the table as the payments were made. */
export function paymentHistory(payments: Payment[]): PaymentRow[] {
  return [...payments]
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((payment) => ({ payment, paid: payment.paidAmount, dueAfter: payment.dueAfter }));
}
