import { boxSizes, column, columnGridSizes, type ColumnGrid, type ImageBox } from '@institute/shared/ui';

/** The blog grid's columns (blog-grid.module.css): one, two from 40rem, three from 64rem, 1.5rem apart. */
const BLOG_COLUMNS = [{ from: 0, count: 1 }, { from: 40, count: 2 }, { from: 64, count: 3 }] as const;

/** The blog page's grid: in the page's 72rem box less its 1rem padding. */
export const BLOG_LIST_GRID: ColumnGrid = { inset: 2, maxWidth: 70, gap: 1.5, columns: BLOG_COLUMNS };

/**
 * The home page's "From Our Blog": the same grid in the widget's own padded 72rem section, which the home page
 * places in a padded 72rem section of its own (the shell's sections.module.css): the viewport less 4rem.
 */
export const BLOG_HOME_GRID: ColumnGrid = { inset: 4, maxWidth: 70, gap: 1.5, columns: BLOG_COLUMNS };

export const BLOG_LIST_SIZES = columnGridSizes(BLOG_LIST_GRID);
export const BLOG_HOME_SIZES = columnGridSizes(BLOG_HOME_GRID);

/** A post's page (blog-detail.module.css): its image is the whole 48rem box less its 1rem padding. */
export const BLOG_DETAIL_BOX: ImageBox = { inset: 2, maxWidth: 46 };

export const BLOG_DETAIL_SIZES = boxSizes(BLOG_DETAIL_BOX, [column(0, 1, 0)]);
