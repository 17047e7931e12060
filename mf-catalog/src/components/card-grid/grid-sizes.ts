/**
 * A card grid as its CSS lays it out: `repeat(auto-fill, minmax(min(100%, <minColumn>), 1fr))` with `gap`, inside a
 * box of at most `maxWidth` with `padding` on each side (all in rem, as the stylesheet says them).
 */
export interface CardGrid {
  minColumn: number;
  gap: number;
  padding: number;
  maxWidth: number;
}

const rem = (value: number) => `${Number(value.toFixed(3))}rem`;

/**
 * The `sizes` of a card image filling one column of `grid`: the column's real width at every viewport, so the
 * browser picks the smallest sufficient `srcset` candidate. One column up to the width two fit, then 1/n of the
 * box less its gaps for each count of columns, then one fixed width once the box stops growing.
 */
export function gridSizes({ minColumn, gap, padding, maxWidth }: CardGrid): string {
  const widest = maxWidth - 2 * padding;
  const columnsAt = (box: number) => Math.max(1, Math.floor((box + gap) / (minColumn + gap)));
  const most = columnsAt(widest);
  const entries = [`(min-width: ${rem(maxWidth)}) ${rem((widest - (most - 1) * gap) / most)}`];
  for (let columns = most; columns >= 2; columns -= 1) {
    const from = columns * minColumn + (columns - 1) * gap + 2 * padding;
    if (from >= maxWidth) continue;
    entries.push(`(min-width: ${rem(from)}) calc((100vw - ${rem(2 * padding + (columns - 1) * gap)}) / ${columns})`);
  }
  entries.push(`calc(100vw - ${rem(2 * padding)})`);
  return entries.join(', ');
}

/** The course and program lists' grid (courses-page.module.css, quick-programs.module.css). */
export const LIST_GRID_SIZES = gridSizes({ minColumn: 17, gap: 1.5, padding: 1, maxWidth: 72 });
