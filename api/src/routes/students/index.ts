import { Type } from '@sinclair/typebox';
import { CursorPage, IdParams, NoteBody, StudentEmail, StudentNote, StudentPayment, StudentRecord } from '@institute/shared/schemas';
import { badRequest, notFound } from '../../lib/http-errors';
import { isId } from '../../lib/ids';
import { centsToDollars } from '../../lib/money';
import type { RoutePlugin } from '../../lib/type-provider';
import { parseCursor, type StudentEmail as EmailRow, type StudentNote as NoteRow, type StudentPaymentRow } from '../../repositories/student-records';
import { toCertificate } from '../certificates/mapper';
import { toEnrollmentRecord } from '../enrollments/mapper';
import { toUser } from '../users/mapper';
import { bearer, errors } from '../schemas';

export const STUDENT_TEXT = {
  notFound: 'Student not found.',
  note: 'Write the note (1 to 5,000 characters).',
  cursor: 'That page cursor is not one this list gave.',
} as const;

/** First page of each growing list on the student's page; further pages through the list's own route. */
const FIRST_PAGE = 20;

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);
const toNote = (n: NoteRow) => ({
  id: n.id, body: n.body, createdAt: iso(n.createdAt)!,
  author: n.authorId && n.authorUsername ? { id: n.authorId, username: n.authorUsername } : null,
});
const toEmail = (e: EmailRow) => ({ id: e.id, kind: e.kind, status: e.status, createdAt: iso(e.createdAt)!, sentAt: iso(e.sentAt) });
const toPayment = (p: StudentPaymentRow) => ({
  id: p.id, program: p.program, amount: centsToDollars(p.amountCents), refunded: centsToDollars(p.refundedCents), currency: p.currency,
  status: p.status, receiptNumber: p.receiptNumber, createdAt: iso(p.createdAt)!,
});

const PageQuery = Type.Object({
  before: Type.Optional(Type.String({ maxLength: 100 })),
  // Query values are strings (no coercion): 1-100.
  limit: Type.Optional(Type.String({ pattern: '^([1-9]|[1-9][0-9]|100)$' })),
}, { additionalProperties: false });

/**
 * The admin's page of one student (issue 31, decision 046): a read-only gathering of what exists (contact details,
 * enrollments with history, payments, balance, certificates, agreements, emails sent), and notes appended to it.
 */
const studentRoutes: RoutePlugin = async (app) => {
  const { users, enrollments, classSessions, certificates, studentRecords } = app.repos;
  const tags = ['Students'];

  const student = async (id: string) => {
    const user = isId(id) ? await users.findById(id) : null;
    if (!user) throw notFound(STUDENT_TEXT.notFound);
    return user;
  };
  const cursor = (before: string | undefined) => {
    if (before === undefined) return null;
    const parsed = parseCursor(before);
    if (!parsed) throw badRequest(STUDENT_TEXT.cursor);
    return parsed;
  };

  app.get('/api/students/:id', {
    onRequest: app.requireRole('admin'),
    schema: { tags, summary: "One student's record (admin)", security: bearer, params: IdParams, response: { 200: StudentRecord, ...errors(401, 403, 404) } },
  }, async (request) => {
    const user = await student(request.params.id);
    const [rows, payments, issued, agreements, emails, notes] = await Promise.all([
      enrollments.byUser(user.id), studentRecords.payments(user.id, FIRST_PAGE), certificates.byUser(user.id),
      studentRecords.acceptances(user.id), studentRecords.emails(user.email, FIRST_PAGE), studentRecords.notes(user.id, FIRST_PAGE),
    ]);
    const records = await Promise.all(rows.map(async (row) => toEnrollmentRecord(row, row.sessionId ? await classSessions.get(row.sessionId) : null)));
    const seated = rows.filter((row) => ['pending', 'enrolled', 'paid_in_full', 'completed'].includes(row.status));
    return {
      user: toUser(user),
      enrollments: records,
      balance: {
        paid: centsToDollars(seated.reduce((sum, row) => sum + row.amountPaidCents, 0)),
        due: centsToDollars(seated.reduce((sum, row) => sum + row.balanceDueCents, 0)),
      },
      payments: { items: payments.items.map(toPayment), next: payments.next },
      certificates: issued.map((c) => toCertificate(c, app.config.institute)),
      agreements: agreements.map((a) => ({ version: a.version, title: a.title, acceptedAt: iso(a.acceptedAt)! })),
      emails: { items: emails.items.map(toEmail), next: emails.next },
      notes: { items: notes.items.map(toNote), next: notes.next },
    };
  });

  app.get('/api/students/:id/payments', {
    onRequest: app.requireRole('admin'),
    schema: { tags, summary: "A further page of a student's payments (admin)", security: bearer, params: IdParams, querystring: PageQuery, response: { 200: CursorPage(StudentPayment), ...errors(400, 401, 403, 404) } },
  }, async (request) => {
    const user = await student(request.params.id);
    const page = await studentRecords.payments(user.id, Number(request.query.limit ?? FIRST_PAGE), cursor(request.query.before));
    return { items: page.items.map(toPayment), next: page.next };
  });

  app.get('/api/students/:id/emails', {
    onRequest: app.requireRole('admin'),
    schema: { tags, summary: 'A further page of the emails sent to a student (admin)', security: bearer, params: IdParams, querystring: PageQuery, response: { 200: CursorPage(StudentEmail), ...errors(400, 401, 403, 404) } },
  }, async (request) => {
    const user = await student(request.params.id);
    const page = await studentRecords.emails(user.email, Number(request.query.limit ?? FIRST_PAGE), cursor(request.query.before));
    return { items: page.items.map(toEmail), next: page.next };
  });

  app.get('/api/students/:id/notes', {
    onRequest: app.requireRole('admin'),
    schema: { tags, summary: "A further page of the notes on a student (admin)", security: bearer, params: IdParams, querystring: PageQuery, response: { 200: CursorPage(StudentNote), ...errors(400, 401, 403, 404) } },
  }, async (request) => {
    const user = await student(request.params.id);
    const page = await studentRecords.notes(user.id, Number(request.query.limit ?? FIRST_PAGE), cursor(request.query.before));
    return { items: page.items.map(toNote), next: page.next };
  });

  app.post('/api/students/:id/notes', {
    onRequest: app.requireRole('admin'),
    schema: { tags, summary: 'Append a note to a student (admin); notes are never edited', security: bearer, params: IdParams, body: NoteBody, response: { 201: StudentNote, ...errors(400, 401, 403, 404) } },
  }, async (request, reply) => {
    const user = await student(request.params.id);
    const body = request.body.body.trim();
    if (body.length < 1 || body.length > 5000) throw badRequest(STUDENT_TEXT.note);
    return reply.code(201).send(toNote(await studentRecords.addNote(user.id, request.user.id, body)));
  });
};

export default studentRoutes;
