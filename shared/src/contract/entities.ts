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

export type PaymentStatus = 'CREATED' | 'COMPLETED' | 'CANCELLED' | 'FAILED' | 'REJECTED' | 'REFUNDED' | 'PARTIALLY_REFUNDED';

export interface Payment {
  _id: string;
  user: { username: string; email: string } | null;
  program: { title: string; price: number } | null;
  amount: number;
  currency: string;
  paypalOrderId: string;
  status: PaymentStatus | string;
  createdAt: string;
  /** Dollars PayPal captured above what was due (decision 011): recorded, to be refunded (admin payments page). */
  refundDue?: number;
  /** Dollars this payment counts toward the balance: amount less the larger of refundDue and refunded when settled, else 0. */
  paidAmount: number;
  /**
   * Dollars still due on the program for this student right after this payment, as the API's balance (check
   * call) had it then; null when the account or the program is gone.
   */
  dueAfter: number | null;
  /** Dollars refunded through PayPal (decision 020); absent when none. */
  refunded?: number;
  /** The receipt of a settled payment (page /receipts/<_id>); null before completion. */
  receiptNumber?: string | null;
}

/** GET /api/receipts/:id: the printable receipt of a completed payment (owner or admin). */
export interface Receipt {
  paymentId: string;
  receiptNumber: string;
  issuedAt: string;
  status: string;
  student: { username: string; email: string } | null;
  program: string;
  amount: number;
  refunded: number;
  currency: string;
  balanceLeft: number | null;
  paypalOrderId: string;
  institute: { name: string; address: string; phone: string; email: string };
}

/** GET /api/payments/learning: one program the student has paid into. */
export interface Enrollment {
  programId: string;
  kind: 'course' | 'quick_program';
  title: string;
  price: number;
  paid: number;
  due: number;
  receipts: { paymentId: string; receiptNumber: string; amount: number; refunded: number; status: string; date: string }[];
}

/** GET /api/emails/unsent (admin): mail given up or still retrying after a failure. */
export interface UnsentEmail {
  _id: string;
  kind: string;
  to: string;
  status: 'PENDING' | 'FAILED';
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
}

export interface ContactMessage {
  name: string;
  email: string;
  number?: string;
  message?: string;
}
