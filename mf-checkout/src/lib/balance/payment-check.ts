import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@institute/shared/api';
import { checkoutApi } from '@institute/shared/api/checkout';
import type { AppliedCoupon, PaymentCheckResponse } from '@institute/shared/contract';
import { formatMoney } from '@institute/shared/rules';

/**
 * What the student still owes for one program. `unpaid` is also what we fall back to when nothing is known
 * (signed out, a failed or malformed check): the spec's behaviour, which the server enforces anyway.
 */
export type Balance =
  | { kind: 'unpaid'; coupon?: AppliedCoupon; due?: number }
  | { kind: 'partial'; paid: number; due: number; coupon?: AppliedCoupon }
  | { kind: 'paid' };

/**
 * Under the payments key, so anything that records a payment refreshes this check too. The user is part of
 * the key so a cached balance never outlives a sign-out or shows to the next account on a shared browser.
 */
export const paymentCheckQuery = (programId: string, userId: string) =>
  queryOptions({
    queryKey: [...queryKeys.payments, 'check', programId, userId] as const,
    queryFn: () => checkoutApi.check(programId),
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
  const coupon = readCoupon(reply.coupon);
  // Nothing paid yet with a coupon applied: still a first payment (a seat to choose), of the discounted price.
  if (coupon && due !== null && paid === 0) return { kind: 'unpaid', coupon, due };
  if (paid === null || paid <= 0 || due === null) return { kind: 'unpaid' };
  if (due <= 0) return { kind: 'paid' };
  return coupon ? { kind: 'partial', paid, due, coupon } : { kind: 'partial', paid, due };
}

function readCoupon(value: unknown): AppliedCoupon | undefined {
  const coupon = (value ?? {}) as Partial<Record<keyof AppliedCoupon, unknown>>;
  const discount = dollars(coupon.discount);
  if (typeof coupon.code !== 'string' || discount === null || discount <= 0) return undefined;
  return { code: coupon.code, discount, confirmed: coupon.confirmed === true };
}

/** After a partial payment the ceiling is the balance, not the price (decision 007). */
export const dueExceeded = (due: number) => `Amount cannot exceed the amount due (${formatMoney(due)})`;

/** What paying "in full" pays now: the rest after a partial payment, the price less a coupon, else the price. */
export const amountDue = (balance: Balance, price: number): number =>
  balance.kind === 'partial' ? balance.due : balance.kind === 'unpaid' && balance.due !== undefined ? balance.due : price;

/** A coupon that leaves nothing to pay: the student enrolls without PayPal (decision 044). */
export const coveredByCoupon = (balance: Balance): boolean => balance.kind === 'unpaid' && balance.coupon !== undefined && balance.due === 0;
