import { autoFillGridSizes, boxSizes, column, columnGridSizes } from './image-sizes';

test('an auto-fill grid of 17rem columns in a 72rem page with 1rem padding: one column below 37.5rem, two below 56rem, three after', () => {
  expect(autoFillGridSizes({ minColumn: 17, gap: 1.5, inset: 2, maxWidth: 70 })).toBe(
    '(min-width: 72rem) 22.333rem, (min-width: 56rem) calc((100vw - 5rem) / 3), (min-width: 37.5rem) calc((100vw - 3.5rem) / 2), calc(100vw - 2rem)',
  );
});

test('an auto-fill grid whose box is padded twice (a page section inside a section) starts each count later and stops growing later', () => {
  expect(autoFillGridSizes({ minColumn: 15, gap: 1.5, inset: 4, maxWidth: 70 })).toBe(
    '(min-width: 74rem) 16.375rem, (min-width: 68.5rem) calc((100vw - 8.5rem) / 4), (min-width: 52rem) calc((100vw - 7rem) / 3), '
    + '(min-width: 35.5rem) calc((100vw - 5.5rem) / 2), calc(100vw - 4rem)',
  );
});

test('a grid whose widest box holds one column has a single width', () => {
  expect(autoFillGridSizes({ minColumn: 30, gap: 1, inset: 2, maxWidth: 38 })).toBe('(min-width: 40rem) 38rem, calc(100vw - 2rem)');
});

test('columns set by media queries; a query at the width the box stops growing is the fixed width', () => {
  expect(columnGridSizes({ inset: 2, maxWidth: 70, gap: 1.5, columns: [{ from: 0, count: 1 }, { from: 36, count: 2 }, { from: 56, count: 3 }, { from: 72, count: 4 }] })).toBe(
    '(min-width: 72rem) 16.375rem, (min-width: 56rem) calc((100vw - 5rem) / 3), (min-width: 36rem) calc((100vw - 3.5rem) / 2), calc(100vw - 2rem)',
  );
});

test('a query beyond the width the box stops growing changes the fixed width there', () => {
  expect(columnGridSizes({ inset: 2, maxWidth: 40, gap: 1, columns: [{ from: 0, count: 1 }, { from: 30, count: 2 }, { from: 60, count: 4 }] })).toBe(
    '(min-width: 60rem) 9.25rem, (min-width: 42rem) 19.5rem, (min-width: 30rem) calc((100vw - 3rem) / 2), calc(100vw - 2rem)',
  );
});

test('the wider track of 2fr 1fr, and a box that never splits', () => {
  expect(boxSizes({ inset: 2, maxWidth: 70 }, [column(0, 1, 0), { from: 56, gaps: 2, part: 2, of: 3 }])).toBe(
    '(min-width: 72rem) 45.333rem, (min-width: 56rem) calc((100vw - 4rem) * 2 / 3), calc(100vw - 2rem)',
  );
  expect(boxSizes({ inset: 2, maxWidth: 46 }, [column(0, 1, 0)])).toBe('(min-width: 48rem) 46rem, calc(100vw - 2rem)');
});
