/** The site's display rules (spec section 9), restated here so tests compute what a page must show. */

/** Whole dollars stay whole ($1200), cents show when present ($99.50). */
export const dollars = (price: number) => `$${Number.isInteger(price) ? price : price.toFixed(2)}`;

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
