import { boxSizes, column, columnGridSizes, type ColumnGrid, type ImageBox } from '@institute/shared/ui';

/** The gallery's tiles (gallery.module.css): one a row, two from 36rem, three from 56rem, four from 72rem, 1.5rem apart, in the page's 72rem box less its 1rem padding. */
export const GALLERY_GRID: ColumnGrid = {
  inset: 2, maxWidth: 70, gap: 1.5,
  columns: [{ from: 0, count: 1 }, { from: 36, count: 2 }, { from: 56, count: 3 }, { from: 72, count: 4 }],
};

export const GALLERY_THUMB_SIZES = columnGridSizes(GALLERY_GRID);

/** The dialog's image: the backdrop's 1rem padding, the dialog at most 60rem wide with 1rem padding of its own. */
export const GALLERY_DIALOG_BOX: ImageBox = { inset: 4, maxWidth: 58 };

export const GALLERY_DIALOG_SIZES = boxSizes(GALLERY_DIALOG_BOX, [column(0, 1, 0)]);
