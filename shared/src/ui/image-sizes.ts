/**
 * An image's `sizes` written from its stylesheet's numbers (decision 028), so the browser picks the smallest
 * sufficient `srcset` candidate at every viewport. All lengths are in rem, as the stylesheets say them.
 */

/** The box an image's layout divides: the viewport less `inset` (every padding and margin around it, both sides), at most `maxWidth` wide. */
export interface ImageBox {
  inset: number;
  maxWidth: number;
}

/**
 * From the viewport width `from` on (0: always), the image takes `part` of `of` equal shares of the box less
 * `gaps` (the gutters between its columns): a column of a three-column grid is `{ gaps: 2 * gap, part: 1, of: 3 }`,
 * the wider track of `2fr 1fr` is `{ gaps: gap, part: 2, of: 3 }`.
 */
export interface BoxShare {
  from: number;
  gaps: number;
  part: number;
  of: number;
}

const rem = (value: number) => `${Number(value.toFixed(3))}rem`;

function fluid(inset: number, { gaps, part, of }: BoxShare): string {
  const less = `100vw - ${rem(inset + gaps)}`;
  if (part === of) return `calc(${less})`;
  return part === 1 ? `calc((${less}) / ${of})` : `calc((${less}) * ${part} / ${of})`;
}

const fixed = (maxWidth: number, { gaps, part, of }: BoxShare) => rem(((maxWidth - gaps) * part) / of);

/**
 * The `sizes` of an image laid out by `shares` in `box`: the share in force at each viewport, as a length of `100vw`
 * while the box grows, fixed once it has stopped growing (from `maxWidth + inset` on).
 */
export function boxSizes({ inset, maxWidth }: ImageBox, shares: readonly BoxShare[]): string {
  const ordered = [...shares].sort((a, b) => b.from - a.from);
  const atWidest = maxWidth + inset;
  const inForce = (viewport: number) => ordered.find((share) => share.from <= viewport) ?? ordered[ordered.length - 1]!;
  const entries: string[] = [];
  for (const share of ordered.filter((s) => s.from > atWidest)) entries.push(`(min-width: ${rem(share.from)}) ${fixed(maxWidth, share)}`);
  entries.push(`(min-width: ${rem(atWidest)}) ${fixed(maxWidth, inForce(atWidest))}`);
  for (const share of ordered.filter((s) => s.from > 0 && s.from < atWidest)) entries.push(`(min-width: ${rem(share.from)}) ${fluid(inset, share)}`);
  entries.push(fluid(inset, inForce(0)));
  return entries.join(', ');
}

/** `count` equal columns with `gap` between them, one of which the image fills. */
export const column = (from: number, count: number, gap: number): BoxShare => ({ from, gaps: (count - 1) * gap, part: 1, of: count });

/** A grid of `columns` counts by viewport (`@media (min-width: from)`, 0 for the rule without one), `gap` apart. */
export interface ColumnGrid extends ImageBox {
  gap: number;
  columns: readonly { from: number; count: number }[];
}

/** A card image filling one column of a grid whose column count its media queries set. */
export const columnGridSizes = ({ columns, gap, ...box }: ColumnGrid): string =>
  boxSizes(box, columns.map(({ from, count }) => column(from, count, gap)));

/** A grid as `repeat(auto-fill, minmax(min(100%, <minColumn>), 1fr))` lays it out, `gap` apart. */
export interface AutoFillGrid extends ImageBox {
  minColumn: number;
  gap: number;
}

/**
 * A card image filling one column of an auto-fill grid: one column up to the width two fit, then 1/n of the box
 * less its gaps from the viewport where n columns fit, then one fixed width once the box stops growing.
 */
export function autoFillGridSizes({ minColumn, gap, ...box }: AutoFillGrid): string {
  const most = Math.max(1, Math.floor((box.maxWidth + gap) / (minColumn + gap)));
  const columns = Array.from({ length: most }, (_, i) => i + 1)
    .map((count) => ({ from: count === 1 ? 0 : count * minColumn + (count - 1) * gap + box.inset, count }));
  return columnGridSizes({ ...box, gap, columns });
}
