import path from 'node:path';
import { contentBoxOf, readStylesheet, remOf, type Declarations } from '@institute/shared/testing/css';
import { COURSE_LAYOUT, COURSE_MEDIA_SHARES, COURSE_MEDIA_SIZES } from '../../features/courses/components/course-media-sizes';
import { LIST_GRID, LIST_GRID_SIZES, POPULAR_GRID, POPULAR_GRID_SIZES } from './grid-sizes';

// The numbers the sizes are written from are the stylesheets': a changed column, gap, padding or width there fails here.
const src = (file: string) => readStylesheet(path.join(__dirname, '../../features', file));
const shell = readStylesheet(path.join(__dirname, '../../../../shell/src/features/home/components/sections.module.css'));

function autoFillGrid(grid: Declarations) {
  const minColumn = /^repeat\(auto-fill, minmax\(min\(100%, ([\d.]+rem)\), 1fr\)\)$/.exec(grid['grid-template-columns'] ?? '')?.[1];
  return { minColumn: minColumn ? remOf(minColumn) : NaN, gap: remOf(grid.gap ?? '0') };
}

test.each([
  ['courses/components/courses-page.module.css'],
  ['quick-programs/components/quick-programs.module.css'],
])('%s: the lists\' grid is LIST_GRID', (file) => {
  const css = src(file);
  expect({ ...autoFillGrid(css.rule('.grid')), ...contentBoxOf(css.rule('.page')) }).toEqual(LIST_GRID);
});

test('the lists\' cards: one column below 37.5rem, two below 56rem, three after, fixed once the page is 72rem wide', () => {
  expect(LIST_GRID_SIZES).toBe(
    '(min-width: 72rem) 22.333rem, (min-width: 56rem) calc((100vw - 5rem) / 3), (min-width: 37.5rem) calc((100vw - 3.5rem) / 2), calc(100vw - 2rem)',
  );
});

test('Popular Courses: its own section inside the home page\'s section, 15rem columns', () => {
  const css = src('courses/components/popular-courses.module.css');
  const box = contentBoxOf(shell.rule('.section'), shell.rule('.inner'), css.rule('.section'));
  expect({ ...autoFillGrid(css.rule('.grid')), ...box }).toEqual(POPULAR_GRID);
  expect(POPULAR_GRID_SIZES).toBe(
    '(min-width: 74rem) 16.375rem, (min-width: 68.5rem) calc((100vw - 8.5rem) / 4), (min-width: 52rem) calc((100vw - 7rem) / 3), '
    + '(min-width: 35.5rem) calc((100vw - 5.5rem) / 2), calc(100vw - 4rem)',
  );
});

test('the course page\'s intro media: the whole box, then the 2fr track of 2fr 1fr from 56rem', () => {
  const css = src('courses/components/course-detail.module.css');
  const layout = css.rule('.layout');
  expect(contentBoxOf(layout)).toEqual(COURSE_LAYOUT);
  expect(layout['grid-template-columns']).toBe('minmax(0, 1fr)');
  expect(css.rule('.layout', '(min-width: 56rem)')['grid-template-columns']).toBe('minmax(0, 2fr) minmax(16rem, 1fr)');
  expect(css.rule('.media').width).toBe('100%');
  const gap = remOf(layout.gap!);
  expect(COURSE_MEDIA_SHARES[1]).toEqual({ from: 56, gaps: gap, part: 2, of: 3 });
  // The narrow track's 16rem minimum never binds from 56rem on (its 1fr share is wider), so 2/3 is the main column.
  expect((56 - COURSE_LAYOUT.inset - gap) / 3).toBeGreaterThanOrEqual(16);
  expect(COURSE_MEDIA_SIZES).toBe('(min-width: 72rem) 45.333rem, (min-width: 56rem) calc((100vw - 4rem) * 2 / 3), calc(100vw - 2rem)');
});
