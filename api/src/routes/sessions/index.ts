import { Type } from '@sinclair/typebox';
import { ClassSession, ClassSessionBody, IdParams, SeatHold, SessionsQuery } from '@institute/shared/schemas';
import type { FastifyRequest } from 'fastify';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../lib/http-errors';
import { isId } from '../../lib/ids';
import type { RoutePlugin } from '../../lib/type-provider';
import { SEAT_HOLD_MS, SEAT_TEXT } from '../../payments/seats';
import type { ClassSessionRecord, SessionStatus } from '../../repositories/class-sessions';
import type { ProgramKind } from '../../repositories/programs';
import { bearer, errors } from '../schemas';
import { SESSION_TEXT, seatsTakenMessage, toClassSession, todayUtc, toSessionFields } from './mapper';
import rosterRoutes from './roster';
import waitlistRoutes from './waitlist';

/** Class sessions (issue 29, decision 036): public reads of upcoming sessions, the admin's writes. */
const sessionRoutes: RoutePlugin = async (app) => {
  await app.register(rosterRoutes);
  await app.register(waitlistRoutes);
  const { classSessions, programs } = app.repos;
  const missing = () => notFound(SESSION_TEXT.notFound);
  const found = async (id: string): Promise<ClassSessionRecord> => {
    const row = isId(id) ? await classSessions.get(id) : null;
    if (!row) throw missing();
    return row;
  };

  /** The course or quick program a request names: exactly one of courseId and programId, and it must exist. */
  async function programOf(ref: { courseId?: string | undefined; programId?: string | undefined }): Promise<string> {
    if ((ref.courseId === undefined) === (ref.programId === undefined)) throw badRequest(SESSION_TEXT.which);
    const kind: ProgramKind = ref.courseId !== undefined ? 'course' : 'quick_program';
    const id = (ref.courseId ?? ref.programId)!;
    if (!isId(id) || !(await programs.get(kind, id))) {
      throw notFound(kind === 'course' ? SESSION_TEXT.courseNotFound : SESSION_TEXT.programNotFound);
    }
    return id;
  }

  async function requireAdmin(request: FastifyRequest) {
    await app.authenticate(request);
    if (request.user.role !== 'admin') throw forbidden(SESSION_TEXT.allNeedsAdmin);
  }

  // Public: upcoming sessions and their seats left, on the public course pages (all=1 asks for an admin itself).
  app.get('/api/sessions', {
    config: { public: true },
    schema: {
      tags: ['Class sessions'],
      summary: 'Upcoming sessions of a course or quick program (not cancelled, not ended), by start date; all=1 (admin): every one',
      querystring: SessionsQuery,
      response: { 200: Type.Array(ClassSession), ...errors(400, 401, 403, 404) },
    },
  }, async (request) => {
    const { all, ...ref } = request.query;
    if (all) await requireAdmin(request);
    const programId = await programOf(ref);
    return (await classSessions.list({ programId, all: Boolean(all) })).map(toClassSession);
  });

  app.get('/api/sessions/:id', {
    config: { public: true },
    schema: { tags: ['Class sessions'], summary: 'One session', params: IdParams, response: { 200: ClassSession, ...errors(404) } },
  }, async (request) => toClassSession(await found(request.params.id)));

  app.post('/api/sessions', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags: ['Class sessions'], summary: 'Add a session to a course or quick program (admin)', security: bearer, body: ClassSessionBody,
      response: { 201: ClassSession, ...errors(400, 401, 403, 404) },
    },
  }, async (request, reply) => {
    const fields = toSessionFields(request.body);
    const programId = await programOf(request.body);
    if (fields.endsOn < todayUtc()) throw badRequest(SESSION_TEXT.endedAlready);
    return reply.code(201).send(toClassSession(await classSessions.create({ ...fields, programId })));
  });

  app.put('/api/sessions/:id', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags: ['Class sessions'], summary: 'Edit a session (admin); seats never below those taken', security: bearer,
      params: IdParams, body: ClassSessionBody, response: { 200: ClassSession, ...errors(400, 401, 403, 404, 409) },
    },
  }, async (request) => {
    const current = await found(request.params.id);
    const fields = toSessionFields(request.body);
    if (request.body.courseId !== undefined || request.body.programId !== undefined) {
      if ((await programOf(request.body)) !== current.programId) throw badRequest('A session cannot move to another course or program.');
    }
    if (current.status === 'cancelled') throw conflict(SESSION_TEXT.cancelled);
    const result = await classSessions.update(current.id, fields);
    if (!result) throw missing();
    if ('seatsTaken' in result) throw conflict(seatsTakenMessage(result.seatsTaken));
    // More seats (or a later deadline) may let the waitlist in.
    if (await app.repos.waitlist.offerFreedSeats(current.id)) return toClassSession(await found(current.id));
    return toClassSession(result.row);
  });

  const transition = (action: string, to: SessionStatus, allowed: (from: SessionStatus) => string | null, summary: string) =>
    app.post(`/api/sessions/:id/${action}`, {
      onRequest: app.requireRole('admin'),
      schema: { tags: ['Class sessions'], summary, security: bearer, params: IdParams, response: { 200: ClassSession, ...errors(401, 403, 404, 409) } },
    }, async (request) => {
      const current = await found(request.params.id);
      if (current.status === to) return toClassSession(current);
      const refusal = allowed(current.status);
      if (refusal) throw conflict(refusal);
      const changed = await classSessions.setStatus(current.id, to);
      // A reopened session offers its free seats to its waitlist.
      if (to === 'open' && (await app.repos.waitlist.offerFreedSeats(current.id))) return toClassSession(await found(current.id));
      return toClassSession(changed ?? (await found(current.id)));
    });

  app.post('/api/sessions/:id/holds', {
    schema: {
      tags: ['Class sessions'], security: bearer, params: IdParams,
      summary: `Hold a seat for the caller before a browser-made PayPal order is opened (${SEAT_HOLD_MS / 60_000} minutes)`,
      response: { 201: SeatHold, ...errors(401, 404, 409, 422) },
    },
  }, async (request, reply) => {
    const session = await found(request.params.id);
    // A new seat needs the current agreement accepted; a student already seated only pays a balance.
    const owed = (await app.repos.enrollments.seatedIn(request.user.id, session.programId)) ? null : await app.repos.agreements.owedBy(request.user.id);
    if (owed !== null) throw unprocessable(SEAT_TEXT.agreement(owed));
    const result = await app.repos.enrollments.holdSeat(request.user.id, session.id, SEAT_HOLD_MS);
    if (!result.ok) throw result.refusal === 'missing' ? missing() : conflict(SEAT_TEXT.refusals[result.refusal]);
    return reply.code(201).send({
      holdId: result.enrollmentId, sessionId: session.id, expiresAt: result.expiresAt ? new Date(result.expiresAt).toISOString() : null,
    });
  });

  transition('close', 'closed', (from) => (from === 'cancelled' ? SESSION_TEXT.cancelled : null), 'Close a session to new enrollments (admin)');
  transition('reopen', 'open', (from) => (from === 'closed' ? null : SESSION_TEXT.notClosed), 'Reopen a closed session (admin)');
  transition('cancel', 'cancelled', () => null, 'Cancel a session (admin); its enrolled students stay on the class list to transfer or refund');
};

export default sessionRoutes;
