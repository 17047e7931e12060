/** Entities as the browser sees them (spec section 3). Field names are the spec's, `_id` included. */
export type Role = 'user' | 'admin';

export interface User {
  _id: string;
  username: string;
  email: string;
  role: Role;
  createdAt?: string;
}

/** What the browser decodes from the stored token. */
export interface SessionUser {
  id: string;
  username: string;
  email: string;
  role: Role | string;
}

export interface CourseDuration {
  calendarLength?: string;
}

export interface Course {
  _id: string;
  title: string;
  imgUrl: string;
  price: number;
  duration: string;
  totalHours: string;
  credential: string;
  preRequisite: string;
  description: string;
  content: string | string[];
  certification: string;
  introVideoUrl?: string;
  featured?: boolean;
  category?: string;
  CourseDuration?: CourseDuration;
}

/** Quick programs share the course shape; the public page reads `prerequisite` too. */
export interface QuickProgram extends Course {
  prerequisite?: string;
}

export type CourseInput = Omit<Course, '_id'>;

export interface Blog {
  _id: string;
  title: string;
  imgUrl: string;
  author: string;
  category: string;
  content: string;
  description?: string;
  createdAt: string;
}

export interface GalleryImage {
  _id: string;
  title: string;
  description: string;
  imageUrl: string;
  width?: number;
  height?: number;
}

export type PaymentStatus = 'CREATED' | 'COMPLETED' | 'CANCELLED' | 'FAILED' | 'REJECTED';

export interface Payment {
  _id: string;
  user: { username: string; email: string } | null;
  program: { title: string; price: number } | null;
  amount: number;
  currency: string;
  paypalOrderId: string;
  status: PaymentStatus | string;
  createdAt: string;
  /** Dollars PayPal captured above what was due (decision 011): recorded, and to be refunded by hand. */
  refundDue?: number;
  /** Dollars this payment counts toward the balance: amount less refundDue when COMPLETED, otherwise 0. */
  paidAmount: number;
  /**
   * Dollars still due on the program for this student right after this payment, as the API's balance (check
   * call) had it then; null when the account or the program is gone.
   */
  dueAfter: number | null;
}

export interface ContactMessage {
  name: string;
  email: string;
  number?: string;
  message?: string;
}
