import type { Payment } from '@institute/shared/contract';
import { dueAmount } from '@institute/shared/rules';
import type { Cell } from './csv';

/** Due amount, or null when the program is unknown (deleted) and nothing can be computed. */
export const paymentDue = (payment: Payment): number | null =>
  payment.program ? dueAmount(Number(payment.program.price), Number(payment.amount)) : null;

export const statusesOf = (payments: Payment[]): string[] => [...new Set(payments.map((p) => p.status))].sort();

/** Status filter ('' = all) and a case-insensitive search over username, email and program title. */
export function filterPayments(payments: Payment[], status: string, search: string): Payment[] {
  const q = search.trim().toLowerCase();
  return payments.filter((p) => {
    if (status && p.status !== status) return false;
    if (!q) return true;
    return [p.user?.username, p.user?.email, p.program?.title].some((v) => v?.toLowerCase().includes(q));
  });
}

export const CSV_HEADER: Cell[] = [
  'Payment ID', 'Username', 'Email', 'Program', 'Program Price', 'Amount Paid', 'Due Amount', 'Currency', 'PayPal Order ID', 'Status', 'Created At',
];

/** Amounts stay numbers so a spreadsheet can sum them. */
export function csvRow(p: Payment): Cell[] {
  return [
    p._id, p.user?.username ?? '', p.user?.email ?? '', p.program?.title ?? '', p.program ? Number(p.program.price) : '',
    Number(p.amount), paymentDue(p) ?? '', p.currency, p.paypalOrderId, p.status, p.createdAt,
  ];
}
