/** Currencies PayPal accepts; the zero-decimal ones reject any fraction. */
export const CURRENCIES = new Set([
  'AUD', 'BRL', 'CAD', 'CNY', 'CZK', 'DKK', 'EUR', 'HKD', 'HUF', 'ILS', 'JPY', 'MYR', 'MXN', 'TWD', 'NZD', 'NOK',
  'PHP', 'PLN', 'GBP', 'SGD', 'SEK', 'CHF', 'THB', 'USD',
]);
const ZERO_DECIMAL = new Set(['HUF', 'JPY', 'TWD']);

export const decimalsOf = (currency: string): number => (ZERO_DECIMAL.has(currency) ? 0 : 2);

/** PayPal's own pattern for money values: an optional sign, digits, an optional fraction. */
export const MONEY_PATTERN = /^-?(\d+|\d*\.\d+)$/;

/** Parses a validated money string into minor units (cents), keeping any excess precision visible. */
export function toMinor(value: string, currency: string): { minor: number; fractionDigits: number } {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
  const decimals = decimalsOf(currency);
  const padded = (fraction + '0'.repeat(decimals)).slice(0, decimals);
  const minor = Number(whole || '0') * 10 ** decimals + Number(padded || '0');
  return { minor: negative ? -minor : minor, fractionDigits: fraction.length };
}

export function fromMinor(minor: number, currency: string): string {
  const decimals = decimalsOf(currency);
  if (decimals === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
