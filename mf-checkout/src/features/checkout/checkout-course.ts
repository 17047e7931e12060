import type { Course } from '@institute/shared/contract';

export type { CheckoutModalProps } from '@institute/shared/contract';

/** What the checkout needs of a course. The price is kept as given: `checkoutPrice()` owns its fallback. */
export interface CheckoutCourse {
  _id: string;
  title: string;
  price?: unknown;
  CourseDuration?: Course['CourseDuration'];
}


/** The course from navigation state; without an id and a title nothing can be paid for. */
export function readCheckoutCourse(state: unknown): CheckoutCourse | null {
  const course = (state as { course?: unknown } | null)?.course as Partial<Course> | undefined;
  if (!course || typeof course !== 'object') return null;
  if (typeof course._id !== 'string' || !course._id || typeof course.title !== 'string' || !course.title) return null;
  return { _id: course._id, title: course.title, price: course.price, CourseDuration: course.CourseDuration };
}
