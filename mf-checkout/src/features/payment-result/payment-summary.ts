import type { Payment } from '@institute/shared/contract';
import { dueAmount } from '@institute/shared/rules';

/** `{ message, payment }` from complete/verify; a server may add the balance, which then wins. */
export interface PaymentResult {
  message?: string;
  payment?: Payment & { dueAmount?: number };
  dueAmount?: number;
}

export interface PaymentSummary {
  amountPaid: number;
  due: number | null;
}

const asNumber = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/** What the success page can say about a recorded payment; null when the response has none. */
export function summarize(result: PaymentResult | undefined): PaymentSummary | null {
  const payment = result?.payment;
  const amountPaid = asNumber(payment?.amount);
  if (!payment || amountPaid === null) return null;
  const price = asNumber(payment.program?.price);
  // Without the server's balance, this payment alone against the price is the best estimate.
  const due = asNumber(result?.dueAmount) ?? asNumber(payment.dueAmount) ?? (price === null ? null : dueAmount(price, amountPaid));
  return { amountPaid, due };
}
