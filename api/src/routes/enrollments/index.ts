import { Type } from '@sinclair/typebox';
import { EnrollmentRecord, IdParams } from '@institute/shared/schemas';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { isId } from '../../lib/ids';
import type { RoutePlugin } from '../../lib/type-provider';
import type { EnrollmentRow } from '../../repositories/enrollments';
import { bearer, errors } from '../schemas';
import { ENROLLMENT_TEXT, toEnrollmentRecord } from './mapper';

/** Enrollment records (issue 29): the student's own, and the admin's per student, withdraw and transfer. */
const enrollmentRoutes: RoutePlugin = async (app) => {
  const { enrollments, classSessions } = app.repos;
  const tags = ['Enrollments'];

  const records = async (rows: EnrollmentRow[]) =>
    Promise.all(rows.map(async (row) => toEnrollmentRecord(row, row.sessionId ? await classSessions.get(row.sessionId) : null)));
  const one = async (id: string) => {
    const row = isId(id) ? await enrollments.get(id) : null;
    if (!row) throw notFound(ENROLLMENT_TEXT.notFound);
    return row;
  };

  app.get('/api/enrollments/mine', {
    schema: {
      tags, summary: "The caller's enrollments (My learning), newest first, with their session and history", security: bearer,
      response: { 200: Type.Array(EnrollmentRecord), ...errors(401) },
    },
  }, async (request) => records(await enrollments.byUser(request.user.id)));

  app.get('/api/enrollments', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags, summary: "One student's enrollments (admin)", security: bearer,
      querystring: Type.Object({ userId: Type.String({ maxLength: 256 }) }, { additionalProperties: false }),
      response: { 200: Type.Array(EnrollmentRecord), ...errors(400, 401, 403) },
    },
  }, async (request) => {
    if (!isId(request.query.userId)) throw badRequest(ENROLLMENT_TEXT.userRequired);
    return records(await enrollments.byUser(request.query.userId));
  });

  app.post('/api/enrollments/:id/withdraw', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags, summary: 'Withdraw a student from their session (admin); the seat is freed. Money is refunded separately', security: bearer,
      params: IdParams, response: { 200: EnrollmentRecord, ...errors(401, 403, 404, 409) },
    },
  }, async (request) => {
    const row = await one(request.params.id);
    const withdrawn = await enrollments.withdraw(row.id, request.user.id, ENROLLMENT_TEXT.withdrawnByAdmin);
    if (!withdrawn) throw conflict(ENROLLMENT_TEXT.notActive);
    if (withdrawn.sessionId) await app.repos.waitlist.offerFreedSeats(withdrawn.sessionId);
    return (await records([(await enrollments.get(row.id))!]))[0]!;
  });

  app.post('/api/enrollments/:id/transfer', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags, summary: 'Move an enrolled student to another session of the same course, seat and payments together (admin)', security: bearer,
      params: IdParams, body: Type.Object({ sessionId: Type.String({ minLength: 1, maxLength: 256 }) }, { additionalProperties: false }),
      response: { 200: EnrollmentRecord, ...errors(400, 401, 403, 404, 409) },
    },
  }, async (request) => {
    const row = await one(request.params.id);
    if (!isId(request.body.sessionId)) throw notFound(ENROLLMENT_TEXT.transfer.missing);
    const result = await enrollments.transfer(row.id, request.body.sessionId, request.user.id);
    if (!result.ok) {
      const message = ENROLLMENT_TEXT.transfer[result.refusal];
      throw result.refusal === 'missing' ? notFound(message) : conflict(message);
    }
    await app.repos.waitlist.offerFreedSeats(result.fromSessionId);
    return (await records([(await enrollments.get(result.enrollmentId))!]))[0]!;
  });
};

export default enrollmentRoutes;
