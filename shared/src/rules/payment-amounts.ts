import { formatMoney } from './money';

/**
 * Spec sections 5 and 9: the minimum partial payment, in cents, as money is counted wherever it is added up
 * (decision 007); the browser's amounts are dollars (MIN_PARTIAL). Every text that names it is built from it.
 */
export const MIN_PARTIAL_CENTS = 50_000;
export const MIN_PARTIAL = MIN_PARTIAL_CENTS / 100;
export const CURRENCY = 'USD';

/** Cents as the pages show money ($1,200 when whole, $99.50 with cents). */
export const formatCents = (cents: number): string => formatMoney(cents / 100);
/**
 * The minimum as texts name it, formatCents(MIN_PARTIAL_CENTS) written out (a test holds the two equal): formatting
 * it here would build a currency formatter while the shell starts (docs/decisions/058).
 */
export const MIN_PARTIAL_TEXT = '$500';

export interface Balance {
  priceCents: number;
  paidCents: number;
  /** Taken off the price for this student by a coupon (decision 044): never paid, never refunded. */
  discountCents: number;
  /** Scholarships and adjustments granted by the institute (decision 043): not money paid, less to pay. */
  creditCents: number;
  /** max(price - discount - credits - paid, 0): what may still be paid. */
  dueCents: number;
}

export function balanceOf(priceCents: number, paidCents: number, discountCents = 0, creditCents = 0): Balance {
  return { priceCents, paidCents, discountCents, creditCents, dueCents: Math.max(priceCents - discountCents - creditCents - paidCents, 0) };
}

/** hasPaid: payments, the discount and credits cover the price (a free program counts as paid). */
export const hasPaid = (balance: Balance): boolean => balance.dueCents === 0;

export type AmountVerdict =
  | { ok: true }
  | { ok: false; reason: 'already-paid' | 'above-due' | 'partial-not-allowed' | 'below-minimum'; message: string };

/**
 * The rule the API enforces on every payment (decision 007). An amount is allowed when it equals what is still due
 * (the full price the first time, the balance afterwards), or, for programs priced above the minimum, when
 * minimum <= amount <= due. Never above the due. With credits, the price is what is left after them (decision
 * 043): the minimum applies to the discounted price, and a smaller one is paid whole.
 */
export function checkAmount(amountCents: number, balance: Balance): AmountVerdict {
  const { paidCents, discountCents, creditCents, dueCents } = balance;
  // After a discount or a credit, the minimum and the partial rule apply to what is left to pay (issue 30).
  const priceCents = balance.priceCents - discountCents - creditCents;
  if (dueCents === 0) {
    return { ok: false, reason: 'already-paid', message: 'You have already paid for this program in full.' };
  }
  if (amountCents === dueCents) return { ok: true };
  if (amountCents > dueCents) {
    const message = paidCents === 0 && discountCents === 0 && creditCents === 0
      ? `Amount cannot exceed program price (${formatCents(priceCents)}).`
      : `Amount cannot exceed the amount due (${formatCents(dueCents)}).`;
    return { ok: false, reason: 'above-due', message };
  }
  if (priceCents <= MIN_PARTIAL_CENTS) {
    return {
      ok: false,
      reason: 'partial-not-allowed',
      message: `Partial payment is only available for programs priced above ${formatCents(MIN_PARTIAL_CENTS)}. Pay the full ${formatCents(dueCents)}.`,
    };
  }
  if (amountCents < MIN_PARTIAL_CENTS) {
    return {
      ok: false,
      reason: 'below-minimum',
      message: `Partial payment must be at least ${formatCents(MIN_PARTIAL_CENTS)}, or the full amount due (${formatCents(dueCents)}).`,
    };
  }
  return { ok: true };
}
