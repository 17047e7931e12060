import type { Payment } from '@institute/shared/contract';
import { dueAmount } from '@institute/shared/rules';

export interface PaymentRow {
  payment: Payment;
  /** What was still due on the program right after this payment; null when the payment did not complete. */
  dueAfter: number | null;
}

/** Oldest first, with the balance each completed payment left on its program (partial payments add up). */
export function paymentHistory(payments: Payment[]): PaymentRow[] {
  const paidSoFar = new Map<string, number>();
  return [...payments]
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((payment) => {
      if (payment.status !== 'COMPLETED' || !payment.program) return { payment, dueAfter: null };
      const key = `${payment.program.title}|${payment.program.price}`;
      const paid = (paidSoFar.get(key) ?? 0) + payment.amount;
      paidSoFar.set(key, paid);
      return { payment, dueAfter: dueAmount(payment.program.price, paid) };
    });
}
