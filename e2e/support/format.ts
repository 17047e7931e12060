/** The site's display rules (spec section 9), restated here so tests compute what a page must show. */

const WHOLE = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const CENTS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** Thousands separators; whole dollars stay whole ($1,200), cents show when present ($99.50). */
export const dollars = (price: number) => (Number.isInteger(price) ? WHOLE : CENTS).format(price);

/** Two decimals always, where the spec fixes them (the checkout modal): $1,200.00. */
export const dollarsWithCents = (price: number) => CENTS.format(price);

/** dd.mm.yyyy in local time; the browser and this runner share the machine's time zone. */
export function ddmmyyyy(value: string): string {
  const date = new Date(value);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getDate())}.${two(date.getMonth() + 1)}.${date.getFullYear()}`;
}

/** The first `count` words followed by "..." when the text is longer. */
export function excerptWords(text: string, count: number): string {
  const words = text.split(/\s+/).filter(Boolean);
  return words.length > count ? `${words.slice(0, count).join(' ')}...` : words.join(' ');
}
