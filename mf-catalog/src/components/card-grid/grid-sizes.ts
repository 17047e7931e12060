import { autoFillGridSizes, type AutoFillGrid } from '@institute/shared/ui';

/** The course and program lists' grid: 17rem columns in the page's 72rem box less its 1rem padding (courses-page.module.css, quick-programs.module.css). */
export const LIST_GRID: AutoFillGrid = { minColumn: 17, gap: 1.5, inset: 2, maxWidth: 70 };

export const LIST_GRID_SIZES = autoFillGridSizes(LIST_GRID);

/**
 * Popular Courses on `/`: 15rem columns in the widget's own padded 72rem section, which the home page places in a
 * padded 72rem section of its own (the shell's sections.module.css): the viewport less 4rem, at most 70rem.
 */
export const POPULAR_GRID: AutoFillGrid = { minColumn: 15, gap: 1.5, inset: 4, maxWidth: 70 };

export const POPULAR_GRID_SIZES = autoFillGridSizes(POPULAR_GRID);
