/**
 * Entities as the browser sees them (spec section 3), field names the spec's, `_id` included. Each is the type of
 * the schema the API answers with (`@institute/shared/schemas`), so a change on one side that the other does not
 * follow is a compile error. `import type` only: no schema code reaches a bundle.
 */
import type { Static } from '@sinclair/typebox';
import type * as Schemas from '../schemas';

export type Role = Static<typeof Schemas.Role>;
export type User = Static<typeof Schemas.User>;

/** What the browser decodes from the stored token. */
export interface SessionUser {
  id: string;
  username: string;
  email: string;
  role: Role | string;
}

export type CourseDuration = Static<typeof Schemas.CourseDuration>;
/** Courses and quick programs share one shape; the quick program page reads `prerequisite` too. */
export type Course = Static<typeof Schemas.Program>;
export type QuickProgram = Course;
export type CatalogSummary = Static<typeof Schemas.CatalogSummary>;
/** What the admin's form posts for a course or a quick program. */
export type CourseInput = Static<typeof Schemas.ProgramBody>;

/** One page of a public list (`GET /api/courses?limit=…` and the like): keyset paging with `nextCursor`. */
export type CatalogPage = Static<typeof Schemas.ProgramPage>;
export type CatalogSort = Static<typeof Schemas.CatalogQuery>['sort'];
export type GallerySort = NonNullable<Static<typeof Schemas.GalleryQuery>['sort']>;
export type CatalogPageQuery = Static<typeof Schemas.CatalogQuery>;
export type BlogPage = Static<typeof Schemas.BlogPage>;
/** A list card's course or program (`fields=card`): no content, the description as a short plain-text excerpt; the detail call has them whole. */
export type CourseCard = Static<typeof Schemas.ProgramCard>;
export type CatalogCardPage = Static<typeof Schemas.ProgramCardPage>;
/** A list card's post (`fields=card`): content cut to the card's excerpt, no description. */
export type BlogCard = Static<typeof Schemas.BlogCard>;
export type BlogCardPage = Static<typeof Schemas.BlogCardPage>;
export type BlogPageQuery = Static<typeof Schemas.BlogQuery>;
export type GalleryPage = Static<typeof Schemas.GalleryPage>;

export type Blog = Static<typeof Schemas.Blog>;
export type BlogInput = Static<typeof Schemas.BlogBody>;
export type GalleryImage = Static<typeof Schemas.GalleryImage>;
export type GalleryEdit = Static<typeof Schemas.GalleryEditBody>;

export type PaymentStatus = Static<typeof Schemas.PaymentStatus>;
export type Payment = Static<typeof Schemas.Payment>;
export type AdminPayment = Static<typeof Schemas.AdminPayment>;
export type PaymentResult = Static<typeof Schemas.PaymentResult>;
export type Refund = Static<typeof Schemas.RefundBody>;
/** GET /api/receipts/:id: the printable receipt of a completed payment (owner or admin). */
export type Receipt = Static<typeof Schemas.Receipt>;
/** GET /api/payments/learning: one program the student has paid into. */
export type Enrollment = Static<typeof Schemas.Enrollment>;
/** GET /api/emails/unsent (admin): mail given up or still retrying after a failure. */
export type UnsentEmail = Static<typeof Schemas.UnsentEmail>;
/** GET /api/admin/stats: money in US dollars. */
export type AdminStats = Static<typeof Schemas.AdminStats>;
/** One page of a server-paged admin list (`GET /api/admin/…?page&limit&sort&q`). */
export type Page<T> = Static<typeof Schemas.PageMeta> & { items: T[] };

/** What the contact and appointment forms send through EmailJS (not through the API). */
export interface ContactMessage {
  name: string;
  email: string;
  number?: string;
  message?: string;
}

/** Issue 31: certificates, their public verification, and the admin's page of one student. */
export type Certificate = Static<typeof Schemas.Certificate>;
export type CertificateVerification = Static<typeof Schemas.CertificateVerification>;
export type StudentRecord = Static<typeof Schemas.StudentRecord>;
export type StudentNote = Static<typeof Schemas.StudentNote>;
export type CompletionResult = Static<typeof Schemas.CompletionResult>;
export type ClassCompletion = Static<typeof Schemas.ClassCompletion>;

/** Issue 31 (decision 048): the student's data export and erasure requests. */
export type ErasureRequest = Static<typeof Schemas.ErasureRequest>;
export type MyErasureRequest = Static<typeof Schemas.MyErasureRequest>;
export type DataExport = Static<typeof Schemas.DataExport>;
