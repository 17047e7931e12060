/** The server's rule for an amount (dollars above 0, at most two decimals), checked before asking it. */
export const AMOUNT_TEXT = 'Enter an amount in dollars above 0, with at most two decimals.';

export function readAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 ? value : null;
}

export const today = () => new Date().toISOString().slice(0, 10);

/** Statuses that hold a seat: a payment for such a program pays for that seat, no session to choose. */
export const SEATED = new Set(['pending', 'enrolled', 'paid_in_full', 'completed']);
