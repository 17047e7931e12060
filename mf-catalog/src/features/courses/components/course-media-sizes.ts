import { boxSizes, column, type BoxShare, type ImageBox } from '@institute/shared/ui';

/** The course page's layout (course-detail.module.css): its 72rem box less 1rem padding; one column, from 56rem `2fr 1fr` 2rem apart. */
export const COURSE_LAYOUT: ImageBox = { inset: 2, maxWidth: 70 };

/** The intro media fills the main column: the whole box, then the wider track (2 of 3 shares of the box less the gap). */
export const COURSE_MEDIA_SHARES: readonly BoxShare[] = [column(0, 1, 0), { from: 56, gaps: 2, part: 2, of: 3 }];

export const COURSE_MEDIA_SIZES = boxSizes(COURSE_LAYOUT, COURSE_MEDIA_SHARES);
