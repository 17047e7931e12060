import type { Payment } from '@institute/shared/contract';
import type { Cell } from './csv';

/**
 * What the row left due on its program, as the API's balance had it right after this payment (earlier
 * payments of the same program included); null when the account or program is gone and no balance exists.
 */
export const paymentDue = (payment: Payment): number | null => payment.dueAfter;

/** Only COMPLETED money is paid: a CREATED, CANCELLED, FAILED or REJECTED order took nothing that counts. */
export const paymentPaid = (payment: Payment): number => payment.paidAmount;

/** The PayPal order id, or for money taken outside PayPal its method and reference (decision 043). */
export const paymentReference = (payment: Payment): string =>
  payment.offline
    ? [payment.offline.method, payment.offline.reference].filter(Boolean).join(' · ')
    : payment.paypalOrderId ?? '';

export const CSV_HEADER: Cell[] = [
  'Payment ID', 'Username', 'Email', 'Program', 'Program Price', 'Order Amount', 'Amount Paid', 'Due Amount', 'Currency',
  'PayPal Order ID', 'Status', 'Created At',
];

/** Amounts stay numbers so a spreadsheet can sum them; "Amount Paid" sums to the API's balances. */
export function csvRow(p: Payment): Cell[] {
  return [
    p._id, p.user?.username ?? '', p.user?.email ?? '', p.program?.title ?? '', p.program ? Number(p.program.price) : '',
    Number(p.amount), paymentPaid(p), paymentDue(p) ?? '', p.currency, paymentReference(p), p.status, p.createdAt,
  ];
}
