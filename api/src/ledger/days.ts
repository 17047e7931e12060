import { badRequest } from '../lib/http-errors';
import { LEDGER_TEXT } from './texts';

/** Today's day in UTC, YYYY-MM-DD: the day payment dates are judged by. */
export const today = () => new Date().toISOString().slice(0, 10);

/** A real calendar day written YYYY-MM-DD. */
export const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/** The day money was taken outside PayPal (a ledger payment, an invoice settled offline): a real day, not after today. */
export function requirePaidOn(paidOn: string): void {
  if (!isDay(paidOn)) throw badRequest(LEDGER_TEXT.badDate);
  if (paidOn > today()) throw badRequest(LEDGER_TEXT.futureDate);
}
