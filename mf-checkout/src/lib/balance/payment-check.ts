import { queryOptions } from '@tanstack/react-query';
import { queryKeys, request } from '@institute/shared/api';
import type { PaymentCheckResponse } from '@institute/shared/contract';
import { formatMoney } from '@institute/shared/rules';

/**
 * What the student still owes for one program. `unpaid` is also what we fall back to when nothing is known
 * (signed out, a failed or malformed check): the spec's behaviour, which the server enforces anyway.
 */
export type Balance = { kind: 'unpaid' } | { kind: 'partial'; paid: number; due: number } | { kind: 'paid' };

export const checkPayment = (programId: string) =>
  request<PaymentCheckResponse>(`/api/payments/check/${encodeURIComponent(programId)}`, { auth: true });

/**
 * Under the payments key, so anything that records a payment refreshes this check too. The user is part of
 * the key so a cached balance never outlives a sign-out or shows to the next account on a shared browser.
 */
export const paymentCheckQuery = (programId: string, userId: string) =>
  queryOptions({
    queryKey: [...queryKeys.payments, 'check', programId, userId] as const,
    queryFn: () => checkPayment(programId),
  });

const dollars = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/** Reads the check reply defensively: it crosses the network, and only a coherent answer changes what we offer. */
export function readBalance(data: unknown): Balance {
  const reply = (data ?? {}) as Partial<Record<keyof PaymentCheckResponse, unknown>>;
  if (reply.hasPaid === true) return { kind: 'paid' };
  const paid = dollars(reply.amountPaid);
  const due = dollars(reply.dueAmount);
  if (paid === null || paid <= 0 || due === null) return { kind: 'unpaid' };
  return due > 0 ? { kind: 'partial', paid, due } : { kind: 'paid' };
}

/** After a partial payment the ceiling is the balance, not the price (decision 007). */
export const dueExceeded = (due: number) => `Amount cannot exceed the amount due (${formatMoney(due)})`;
