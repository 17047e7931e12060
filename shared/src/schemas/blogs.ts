import { Type } from '@sinclair/typebox';
import { ImgUrl, Line } from './common';

/** Body of POST and PUT /api/blogs. */
export const BlogBody = Type.Object(
  {
    title: Line(200),
    imgUrl: ImgUrl,
    author: Line(100),
    category: Line(100),
    content: Type.String({ minLength: 1, maxLength: 100_000 }),
    description: Type.Optional(Type.String({ maxLength: 2_000 })),
  },
  { additionalProperties: false },
);

export const Blog = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  imgUrl: Type.String(),
  author: Type.String(),
  category: Type.String(),
  content: Type.String(),
  description: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});

export const BlogCreated = Type.Object({ message: Type.String(), blog: Blog });
