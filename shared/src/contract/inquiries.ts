/** Leads (issue 31): the types of the inquiry schemas the forms and the admin's inbox share with the API. */
import type { Static } from '@sinclair/typebox';
import type * as Schemas from '../schemas';

export type InquiryKind = Static<typeof Schemas.InquiryKind>;
export type InquiryStatus = Static<typeof Schemas.InquiryStatus>;
/** What the contact and appointment forms post beside their EmailJS message. */
export type InquiryInput = Static<typeof Schemas.InquiryBody>;
export type Inquiry = Static<typeof Schemas.Inquiry>;
export type InquiryNote = Static<typeof Schemas.InquiryNote>;
export type InquiryWithNotes = Static<typeof Schemas.InquiryWithNotes>;
export type InquiryUpdate = Static<typeof Schemas.InquiryUpdate>;
