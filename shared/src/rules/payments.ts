import { formatMoney } from './money';
import { MIN_PARTIAL, MIN_PARTIAL_TEXT } from './payment-amounts';

/**
 * The payment pages' side of spec sections 5 and 9, in dollars as the pages have them. The minimum and the rule
 * the server enforces are in ./payment-amounts, which the API uses too.
 */
export const DEFAULT_CHECKOUT_PRICE = 10;

export const partialAllowed = (price: number): boolean => price > MIN_PARTIAL;

/** The program page's default partial amount: the price, clamped to at least the minimum. */
export const defaultPartialAmount = (price: number): number => Math.max(price, MIN_PARTIAL);

export type PartialCheck = { ok: true } | { ok: false; message: string };

/**
 * The one partial-amount rule of both payment pages (spec sections 5 and 9): at least the minimum, at most what is
 * due. Each page words and shows the problem its own way, as the spec has it.
 */
export function partialProblem(amount: number, max: number): 'too-low' | 'too-high' | null {
  if (!Number.isFinite(amount) || amount < MIN_PARTIAL) return 'too-low';
  return amount > max ? 'too-high' : null;
}

/** The program page's inline texts. */
export function checkProgramPartial(amount: number, price: number): PartialCheck {
  const problem = partialProblem(amount, price);
  if (problem === 'too-low') return { ok: false, message: `Minimum amount is ${MIN_PARTIAL_TEXT}` };
  if (problem === 'too-high') return { ok: false, message: `Amount cannot exceed program price (${formatMoney(price)})` };
  return { ok: true };
}

/** Due amount = max(price - paid, 0), computed in cents so no floating-point error shows. */
export function dueAmount(price: number, paid: number): number {
  return Math.max(Math.round(price * 100) - Math.round(paid * 100), 0) / 100;
}

/** Checkout price: 2 decimals, 10.00 when missing or not numeric. */
export function checkoutPrice(price: unknown): string {
  const n = typeof price === 'string' && price.trim() !== '' ? Number(price) : price;
  return (typeof n === 'number' && Number.isFinite(n) ? n : DEFAULT_CHECKOUT_PRICE).toFixed(2);
}

/**
 * @deprecated Use formatMoney, which includes the dollar sign. Kept because remotes of the previous release still
 * call it through the shared singleton (version skew, decision 024); it is formatMoney's text without the sign.
 */
export function formatPrice(amount: number): string {
  return formatMoney(amount).replace('$', '');
}

/** How money taken outside PayPal is named on receipts, invoices and the admin's forms (decisions 043, 052). */
export const OFFLINE_METHOD_TEXT = {
  cash: 'Cash', check: 'Check', bank_transfer: 'Bank transfer', sponsor: 'Sponsor', financing: 'Financing',
} as const satisfies Record<string, string>;
