import fs from 'node:fs';
import path from 'node:path';
import { gridSizes, LIST_GRID_SIZES } from './grid-sizes';

const css = (file: string) => fs.readFileSync(path.join(__dirname, '../../features', file), 'utf8');

test('the lists\' grid: one column below 37.5rem, two below 56rem, three after, fixed once the page is 72rem wide', () => {
  expect(LIST_GRID_SIZES).toBe(
    '(min-width: 72rem) 22.333rem, (min-width: 56rem) calc((100vw - 5rem) / 3), (min-width: 37.5rem) calc((100vw - 3.5rem) / 2), calc(100vw - 2rem)',
  );
});

test('a grid of 15rem columns (Popular Courses\'): four of 16.375rem at full width', () => {
  expect(gridSizes({ minColumn: 15, gap: 1.5, padding: 1, maxWidth: 72 })).toBe(
    '(min-width: 72rem) 16.375rem, (min-width: 66.5rem) calc((100vw - 6.5rem) / 4), (min-width: 50rem) calc((100vw - 5rem) / 3), '
    + '(min-width: 33.5rem) calc((100vw - 3.5rem) / 2), calc(100vw - 2rem)',
  );
});

test('a grid whose widest box holds one column has a single width', () => {
  expect(gridSizes({ minColumn: 30, gap: 1, padding: 1, maxWidth: 40 })).toBe('(min-width: 40rem) 38rem, calc(100vw - 2rem)');
});

// The numbers above are the stylesheets': a changed column, gap or padding there must change them here.
test.each([
  ['courses/components/courses-page.module.css', '.page { max-width: var(--content-width); margin: 0 auto; padding: var(--space-6) var(--space-4); }', '17rem'],
  ['quick-programs/components/quick-programs.module.css', '.page { max-width: var(--content-width); margin: 0 auto; padding: var(--space-6) var(--space-4); }', '17rem'],
])('%s lays out the grid the sizes assume', (file, box, column) => {
  const text = css(file);
  expect(text).toContain(box);
  expect(text).toContain(`grid-template-columns: repeat(auto-fill, minmax(min(100%, ${column}), 1fr));\n  gap: var(--space-5);`);
});
