import { Type } from '@sinclair/typebox';

/** Issue 31: the contact and appointment requests kept as leads, and the admin's follow-up of each. */
export const InquiryKind = Type.Union([Type.Literal('contact'), Type.Literal('appointment'), Type.Literal('advising')]);
export const InquiryStatus = Type.Union([Type.Literal('new'), Type.Literal('contacted'), Type.Literal('enrolled'), Type.Literal('closed')]);

const Text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

/** GET /api/inquiries/form-token: signs when the visitor started the form (the minimum fill time counts from it). */
export const InquiryFormToken = Type.Object({ token: Type.String() });

/** POST /api/inquiries: what the forms send to the API beside their EmailJS message. */
export const InquiryBody = Type.Object({
  kind: InquiryKind,
  name: Type.String({ maxLength: 200 }),
  email: Type.String({ maxLength: 254 }),
  number: Text(40),
  message: Text(5000),
  program: Text(300),
  date: Type.Optional(Type.String({ pattern: '^(\\d{4}-\\d{2}-\\d{2})?$', description: 'YYYY-MM-DD in the institute\'s time zone' })),
  time: Type.Optional(Type.String({ pattern: '^(\\d{2}:\\d{2})?$', description: 'HH:MM in the institute\'s time zone' })),
  /** The honeypot: hidden from people, so only a robot fills it in. */
  website: Text(500),
  formToken: Type.String({ maxLength: 200 }),
}, { additionalProperties: false });

export const InquiryReceived = Type.Object({ _id: Type.String(), message: Type.String() });

const Person = Type.Object({ _id: Type.String(), username: Type.String() });

export const InquiryNote = Type.Object({
  _id: Type.String(),
  body: Type.String(),
  author: Type.String({ description: 'The username of the admin who wrote it, kept when the account is gone' }),
  createdAt: Type.String({ format: 'date-time' }),
});

export const Inquiry = Type.Object({
  _id: Type.String(),
  kind: InquiryKind,
  name: Type.String(),
  email: Type.String(),
  number: Type.String(),
  message: Type.String(),
  program: Type.String(),
  preferredDate: Type.Union([Type.String(), Type.Null()]),
  preferredTime: Type.Union([Type.String(), Type.Null()]),
  timeZone: Type.Union([Type.String(), Type.Null()]),
  status: InquiryStatus,
  assignee: Type.Union([Person, Type.Null()]),
  /** The student account with this email, if there is one. */
  student: Type.Union([Person, Type.Null()]),
  noteCount: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

export const InquiryWithNotes = Type.Object({ ...Inquiry.properties, notes: Type.Array(InquiryNote) });

export const InquiryUpdate = Type.Object({
  status: Type.Optional(InquiryStatus),
  /** An admin's id, or null to unassign. */
  assigneeId: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
}, { additionalProperties: false, minProperties: 1 });

export const InquiryNoteBody = Type.Object({ body: Type.String({ maxLength: 10_000 }) }, { additionalProperties: false });
