import { onFirstUse } from './on-first-use';

/**
 * The one way the site shows money: US dollars with thousands separators ($2,400), cents only when there are any
 * ($99.50), or always when a text fixes two decimals (the checkout modal's "$2,400.00", spec section 2).
 */
const WHOLE = onFirstUse(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 }));
const CENTS = onFirstUse(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }));

export interface MoneyFormat {
  /** Always two decimals, for texts whose format the spec fixes. */
  cents?: boolean;
}

const hasCents = (amount: number) => Math.round(amount * 100) % 100 !== 0;

export function formatMoney(amount: number, { cents = false }: MoneyFormat = {}): string {
  return (cents || hasCents(amount) ? CENTS : WHOLE)().format(amount);
}
