import { Type } from '@sinclair/typebox';
import { ImgUrl, Line } from './common';

const RichString = Type.String({ maxLength: 50_000 });

export const CourseDuration = Type.Object({ calendarLength: Type.Optional(Type.String({ maxLength: 100 })) }, { additionalProperties: false });

/** Body of POST and PUT for courses and quick programs (spec sections 3 and 5). */
export const ProgramBody = Type.Object(
  {
    title: Line(200),
    imgUrl: ImgUrl,
    price: Type.Number({ minimum: 0, maximum: 1_000_000, description: 'US dollars' }),
    duration: Line(100),
    totalHours: Line(100),
    credential: Line(200),
    preRequisite: Line(500),
    certification: Line(200),
    description: Type.Optional(RichString),
    content: Type.Optional(Type.Union([RichString, Type.Array(Type.String({ maxLength: 5_000 }), { maxItems: 200 })])),
    CourseDuration: Type.Optional(CourseDuration),
    category: Type.Optional(Type.String({ maxLength: 100 })),
    featured: Type.Optional(Type.Boolean()),
    // https only (the course page embeds it); an empty string removes the video.
    introVideoUrl: Type.Optional(Type.String({ maxLength: 2048, pattern: '^(https://[^\\s<>"\'`]+)?$' })),
    // Tolerated because edit forms often send back what they loaded; both are ignored.
    _id: Type.Optional(Type.String({ maxLength: 200 })),
    prerequisite: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);

/** What the catalog holds, for every figure a page states about it (the About page's "Courses and quick programs"). */
export const CatalogSummary = Type.Object({
  courses: Type.Integer({ minimum: 0 }),
  quickPrograms: Type.Integer({ minimum: 0 }),
});

/** A course or quick program as the API answers (the two share one shape; `prerequisite` mirrors `preRequisite`). */
export const Program = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  imgUrl: Type.String(),
  price: Type.Number({ description: 'US dollars' }),
  duration: Type.String(),
  totalHours: Type.String(),
  credential: Type.String(),
  preRequisite: Type.String(),
  prerequisite: Type.Optional(Type.String()),
  description: Type.String(),
  content: Type.Union([Type.String(), Type.Array(Type.String())]),
  certification: Type.String(),
  CourseDuration: Type.Optional(Type.Object({ calendarLength: Type.Optional(Type.String()) })),
  category: Type.Optional(Type.String()),
  featured: Type.Boolean(),
  introVideoUrl: Type.Optional(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
