import type { Static } from '@sinclair/typebox';
import type { Blog, BlogBody, GalleryImage, ProgramBody } from '@institute/shared/schemas';

type ProgramInput = Static<typeof ProgramBody>;

/**
 * Seed rows in the API's own input terms (prices in dollars, media as /media/seed paths): what an admin would post,
 * with the texts every seeded program fills in and its calendar length at the top level.
 */
export type SeedProgram = Pick<ProgramInput, 'title' | 'imgUrl' | 'price' | 'duration' | 'totalHours' | 'credential' | 'preRequisite' | 'certification' | 'category' | 'featured'> & {
  description: string;
  content: string[];
  calendarLength?: NonNullable<ProgramInput['CourseDuration']>['calendarLength'];
};

/** A post as posted, dated back so the blog lists them in a believable order. */
export type SeedBlog = Required<Static<typeof BlogBody>> & Pick<Static<typeof Blog>, 'createdAt'>;

/** An image under media/seed with the texts and the size the gallery answers with. */
export type SeedImage = Pick<Static<typeof GalleryImage>, 'title' | 'description' | 'width' | 'height'> & { file: string };
