import path from 'node:path';
import { contentBoxOf, minWidthOf, readStylesheet, remOf, type Stylesheet } from '@institute/shared/testing/css';
import { BLOG_DETAIL_BOX, BLOG_DETAIL_SIZES, BLOG_HOME_GRID, BLOG_HOME_SIZES, BLOG_LIST_GRID, BLOG_LIST_SIZES } from './blog/components/blog-image-sizes';
import { GALLERY_DIALOG_BOX, GALLERY_DIALOG_SIZES, GALLERY_GRID, GALLERY_THUMB_SIZES } from './gallery/components/gallery-image-sizes';

// The numbers the sizes are written from are the stylesheets': a changed column, gap, padding or width there fails here.
const css = (file: string) => readStylesheet(path.join(__dirname, file));
const blog = css('blog/components/blog-grid.module.css');
const gallery = css('gallery/components/gallery.module.css');
const shell = readStylesheet(path.join(__dirname, '../../../shell/src/features/home/components/sections.module.css'));

/** `.grid`'s column count at each of its media queries: `1fr` or `repeat(<n>, minmax(0, 1fr))`. */
function columnsOf(sheet: Stylesheet) {
  return sheet.rules('.grid').filter(({ declarations }) => declarations['grid-template-columns'])
    .map(({ media, declarations }) => {
      const value = declarations['grid-template-columns']!;
      const count = value === '1fr' ? 1 : Number(/^repeat\((\d+), minmax\(0, 1fr\)\)$/.exec(value)?.[1]);
      return { from: minWidthOf(media), count };
    });
}

test('the blog page\'s cards: one column, two from 40rem, three from 64rem, fixed once the page is 72rem wide', () => {
  expect({ ...contentBoxOf(blog.rule('.page')), gap: remOf(blog.rule('.grid').gap!), columns: columnsOf(blog) }).toEqual(BLOG_LIST_GRID);
  expect(css('blog/components/blog-card.module.css').rule('.image').width).toBe('100%');
  expect(BLOG_LIST_SIZES).toBe(
    '(min-width: 72rem) 22.333rem, (min-width: 64rem) calc((100vw - 5rem) / 3), (min-width: 40rem) calc((100vw - 3.5rem) / 2), calc(100vw - 2rem)',
  );
});

test('the home page\'s blog cards: the same grid in its section inside the home page\'s section', () => {
  const box = contentBoxOf(shell.rule('.section'), shell.rule('.inner'), blog.rule('.highlights'));
  expect({ ...box, gap: remOf(blog.rule('.grid').gap!), columns: columnsOf(blog) }).toEqual(BLOG_HOME_GRID);
  expect(BLOG_HOME_SIZES).toBe(
    '(min-width: 74rem) 22.333rem, (min-width: 64rem) calc((100vw - 7rem) / 3), (min-width: 40rem) calc((100vw - 5.5rem) / 2), calc(100vw - 4rem)',
  );
});

test('a post\'s image: the whole page box', () => {
  const detail = css('blog/components/blog-detail.module.css');
  expect(contentBoxOf(detail.rule('.page'))).toEqual(BLOG_DETAIL_BOX);
  expect(detail.rule('.image').width).toBe('100%');
  expect(BLOG_DETAIL_SIZES).toBe('(min-width: 48rem) 46rem, calc(100vw - 2rem)');
});

test('the gallery\'s tiles: one, two from 36rem, three from 56rem, four from 72rem', () => {
  const gap = remOf(gallery.rule('.grid')['--gap']!);
  expect(gallery.rule('.grid').gap).toBe('var(--gap)');
  expect(gallery.rule('.item').flex).toBe('0 1 100%');
  // Each query's basis is 1/n of the row less its n - 1 gaps.
  const columns = [{ from: 0, count: 1 }, ...gallery.rules('.item').filter(({ declarations }) => declarations['flex-basis']).map(({ media, declarations }) => {
    const [, gaps, count] = /^calc\(\(100% - (?:(\d+) \* )?var\(--gap\)\) \/ (\d+)\)$/.exec(declarations['flex-basis']!) ?? [];
    expect(Number(gaps ?? 1)).toBe(Number(count) - 1);
    return { from: minWidthOf(media), count: Number(count) };
  })];
  expect({ ...contentBoxOf(gallery.rule('.page')), gap, columns }).toEqual(GALLERY_GRID);
  expect(gallery.rule('.thumb').width).toBe('100%');
  expect(gallery.rule('.natural img').width).toBe('100%');
  expect(GALLERY_THUMB_SIZES).toBe(
    '(min-width: 72rem) 16.375rem, (min-width: 56rem) calc((100vw - 5rem) / 3), (min-width: 36rem) calc((100vw - 3.5rem) / 2), calc(100vw - 2rem)',
  );
});

test('the gallery dialog\'s image: the backdrop\'s padding, then the dialog\'s width and padding', () => {
  expect(contentBoxOf(gallery.rule('.backdrop'), gallery.rule('.dialog'))).toEqual(GALLERY_DIALOG_BOX);
  expect(gallery.rule('.natural .largeImage').width).toBe('100%');
  expect(GALLERY_DIALOG_SIZES).toBe('(min-width: 62rem) 58rem, calc(100vw - 4rem)');
});
