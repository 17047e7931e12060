import { Type } from '@sinclair/typebox';

export const GalleryImage = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  imageUrl: Type.String(),
  width: Type.Integer({ description: 'Pixels, so the page reserves the space before the image arrives' }),
  height: Type.Integer(),
});

/** PUT /api/gallery/:id: the texts change in place; a different picture is a new upload. */
export const GalleryEditBody = Type.Object(
  { title: Type.String({ minLength: 1, maxLength: 200 }), description: Type.String({ minLength: 1, maxLength: 2_000 }) },
  { additionalProperties: false },
);
