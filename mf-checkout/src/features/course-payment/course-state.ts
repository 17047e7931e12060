import type { Course } from '@institute/shared/contract';

/** What the course page passes as navigation state; only what this page reads is required. */
export type CourseState = Pick<Course, 'title' | 'price'> & Partial<Pick<Course, '_id'>>;

export function readCourseState(state: unknown): CourseState | null {
  const course = (state as { course?: unknown } | null)?.course as Partial<Course> | undefined;
  if (!course || typeof course.title !== 'string') return null;
  const price = Number(course.price);
  if (!Number.isFinite(price) || price <= 0) return null;
  return { _id: course._id, title: course.title, price };
}
