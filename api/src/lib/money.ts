/**
 * Money is integer cents everywhere on the server (decision 007). Dollars appear only at the edges: the
 * browser's `amount` (a JSON number), PayPal's `value` (a decimal string) and response fields.
 */
import { formatMoney } from '@institute/shared/rules';

const DECIMAL = /^(\d{1,10})(?:\.(\d{1,2}))?$/;

/** A JSON number of dollars -> cents, or null when it is not a positive amount with at most 2 decimals. */
export function dollarsToCents(dollars: number): number | null {
  if (!Number.isFinite(dollars) || dollars <= 0 || dollars > 10_000_000) return null;
  const cents = Math.round(dollars * 100);
  // 650.1 * 100 is 65010.000000000001: tolerate representation noise, refuse a third decimal.
  return Math.abs(dollars * 100 - cents) < 1e-6 ? cents : null;
}

/**
 * A program's price in dollars -> cents, or null when it has more than two decimals: 0.001 is not silently a free
 * course, nor 650.555 silently 650.55 (issue 28). 0 is allowed: it is how a course is made free on purpose.
 */
export function priceToCents(dollars: number): number | null {
  if (dollars === 0) return 0;
  return dollarsToCents(dollars);
}

/** PayPal's decimal string ("650.00") -> cents, or null when it is not a plain non-negative decimal. */
export function valueToCents(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = DECIMAL.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Cents -> PayPal's value string with exactly two decimals. */
export function centsToValue(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Cents -> dollars as a JSON number (what the site shows and sends). */
export const centsToDollars = (cents: number): number => cents / 100;

/** For messages, as the pages show money: $1,200 when whole, $99.50 with cents (formatMoney, decision 030). */
export function formatDollars(cents: number): string {
  return formatMoney(cents / 100);
}
