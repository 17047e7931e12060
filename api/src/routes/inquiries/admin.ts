import { createHash, randomBytes } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { Inquiry, InquiryKind, InquiryNote, InquiryNoteBody, InquiryStatus, InquiryUpdate, InquiryWithNotes, PageOf } from '@institute/shared/schemas';
import { RESET_LINK_MINUTES } from '../../email/messages';
import { isId } from '../../lib/ids';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import type { RoutePlugin } from '../../lib/type-provider';
import type { InquiryKind as Kind, InquiryNoteRecord, InquiryRecord, InquirySort, InquiryStatus as Status } from '../../repositories/inquiries';
import { DuplicateUserError } from '../../repositories/users';
import { pageQuerySchema, readPageQuery } from '../admin/list-query';
import { bearer, errors } from '../schemas';

export const INQUIRY_ADMIN_TEXT = {
  notFound: 'This inquiry does not exist.',
  notAdmin: 'Assign the inquiry to an admin.',
  emptyNote: 'Write the note (at most 5,000 characters).',
  hasAccount: (username: string) => `This email already has an account: ${username}.`,
} as const;

const SORTS: readonly InquirySort[] = ['createdAt', 'name', 'status'];
const InquiriesQuery = pageQuerySchema(SORTS, {
  status: Type.Optional(InquiryStatus),
  kind: Type.Optional(InquiryKind),
  assignee: Type.Optional(Type.String({ maxLength: 64, description: 'An admin\'s id: only the inquiries assigned to them' })),
});
const IdParams = Type.Object({ id: Type.String() });
const tags = ['Inquiries'];

const iso = (value: Date) => new Date(value).toISOString();
const person = (id: string | null, username: string | null) => (id && username ? { _id: id, username } : null);

export function toInquiry(row: InquiryRecord) {
  return {
    _id: row.id, kind: row.kind, name: row.name, email: row.email, number: row.phone, message: row.message, program: row.program,
    preferredDate: row.preferredDate, preferredTime: row.preferredTime, timeZone: row.timeZone, status: row.status,
    assignee: person(row.assigneeId, row.assigneeName), student: person(row.studentId, row.studentName),
    noteCount: row.noteCount, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt),
  };
}

const toNote = (note: InquiryNoteRecord) => ({ _id: note.id, body: note.body, author: note.authorName, createdAt: iso(note.createdAt) });

/** A username for an account made from an inquiry: the name's letters and digits, made unique with a number. */
function usernameFrom(name: string, attempt: number): string {
  const base = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9]+/g, '.').replace(/^\.+|\.+$/g, '').toLowerCase().slice(0, 24) || 'student';
  const padded = base.length < 3 ? `${base}.student` : base;
  return attempt === 0 ? padded : `${padded}${attempt + 1}`;
}

/** The admin's inbox of inquiries (issue 31): a searched page, one with its notes, status and assignee, notes, an account. */
const inquiryAdminRoutes: RoutePlugin = async (app) => {
  const { inquiries, users, passwordResets, emailOutbox } = app.repos;
  const admin = { onRequest: app.requireRole('admin') };

  const found = async (id: string) => {
    const row = isId(id) ? await inquiries.byId(id) : null;
    if (!row) throw notFound(INQUIRY_ADMIN_TEXT.notFound);
    return row;
  };
  const withNotes = async (row: InquiryRecord) => ({ ...toInquiry(row), notes: (await inquiries.notes(row.id)).map(toNote) });

  app.get('/api/admin/inquiries', {
    ...admin,
    schema: {
      tags, summary: 'One page of inquiries, newest first unless sorted otherwise (admin)', security: bearer,
      querystring: InquiriesQuery, response: { 200: PageOf(Inquiry), ...errors(400, 401, 403) },
    },
  }, async (request) => {
    const query = request.query as { page?: string; limit?: string; sort?: string; q?: string; status?: Status; kind?: Kind; assignee?: string };
    const params = readPageQuery<InquirySort>(query, '-createdAt');
    if (query.assignee !== undefined && !isId(query.assignee)) return { items: [], total: 0, page: params.page, limit: params.limit };
    const { items, total } = await inquiries.page({
      ...params, ...(query.status ? { status: query.status } : {}), ...(query.kind ? { kind: query.kind } : {}),
      ...(query.assignee ? { assigneeId: query.assignee } : {}),
    });
    return { items: items.map(toInquiry), total, page: params.page, limit: params.limit };
  });

  app.get('/api/admin/inquiries/:id', {
    ...admin,
    schema: { tags, summary: 'One inquiry with its notes, oldest first (admin)', security: bearer, params: IdParams, response: { 200: InquiryWithNotes, ...errors(401, 403, 404) } },
  }, async (request) => withNotes(await found(request.params.id)));

  app.put('/api/admin/inquiries/:id', {
    ...admin,
    schema: {
      tags, summary: 'Set the status and/or the assignee (an admin, or null); what is left out stays (admin)', security: bearer,
      params: IdParams, body: InquiryUpdate, response: { 200: InquiryWithNotes, ...errors(400, 401, 403, 404) },
    },
  }, async (request) => {
    await found(request.params.id);
    const { status, assigneeId } = request.body;
    if (assigneeId) {
      const assignee = isId(assigneeId) ? await users.findById(assigneeId) : null;
      if (assignee?.role !== 'admin') throw badRequest(INQUIRY_ADMIN_TEXT.notAdmin);
    }
    const row = await inquiries.update(request.params.id, { ...(status ? { status } : {}), ...(assigneeId !== undefined ? { assigneeId } : {}) });
    if (!row) throw notFound(INQUIRY_ADMIN_TEXT.notFound);
    return withNotes(row);
  });

  app.post('/api/admin/inquiries/:id/notes', {
    ...admin,
    schema: {
      tags, summary: 'Append a note, signed with the admin\'s name and the time (admin)', security: bearer,
      params: IdParams, body: InquiryNoteBody, response: { 201: InquiryNote, ...errors(400, 401, 403, 404) },
    },
  }, async (request, reply) => {
    await found(request.params.id);
    const body = request.body.body.trim();
    if (body === '' || body.length > 5000) throw badRequest(INQUIRY_ADMIN_TEXT.emptyNote);
    const note = await inquiries.addNote(request.params.id, { id: request.user.id, username: request.user.username }, body);
    if (!note) throw notFound(INQUIRY_ADMIN_TEXT.notFound);
    return reply.code(201).send(toNote(note));
  });

  app.post('/api/admin/inquiries/:id/account', {
    ...admin,
    schema: {
      tags, summary: 'Make a student account for the inquiry\'s email and mail its owner a link to choose a password (admin)',
      security: bearer, params: IdParams, response: { 201: InquiryWithNotes, ...errors(401, 403, 404, 409) },
    },
  }, async (request, reply) => {
    const row = await found(request.params.id);
    if (row.studentId) throw conflict(INQUIRY_ADMIN_TEXT.hasAccount(row.studentName ?? row.email));
    // Nobody knows this password: the student chooses their own through the mailed link.
    const passwordHash = await app.passwords.hash(randomBytes(32).toString('base64url'));
    let userId: string | null = null;
    let username = '';
    for (let attempt = 0; userId === null; attempt += 1) {
      username = usernameFrom(row.name, attempt);
      try {
        userId = await users.create({ username, email: row.email, passwordHash, role: 'user' });
      } catch (error) {
        if (!(error instanceof DuplicateUserError)) throw error;
        if (error.field === 'email') throw conflict(INQUIRY_ADMIN_TEXT.hasAccount(row.email));
        if (attempt >= 50) throw error;
      }
    }
    const token = randomBytes(32).toString('base64url');
    await app.db.transaction(async (tx) => {
      await passwordResets.create(createHash('sha256').update(token).digest('hex'), userId, RESET_LINK_MINUTES * 60_000, tx);
      await emailOutbox.enqueue({
        kind: 'account-created', toEmail: row.email,
        templateParams: { toName: username, resetUrl: `${app.config.siteUrl}/reset-password?token=${token}` },
      }, tx);
    });
    return reply.code(201).send(await withNotes((await inquiries.byId(row.id))!));
  });
};

export default inquiryAdminRoutes;
