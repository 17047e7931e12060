import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import {
  DataExport, ErasureDecisionBody, ErasureRequest, ErasureRequestBody, ExportQuery, IdParams, MyErasureRequest,
} from '@institute/shared/schemas';
import { formatMoney } from '@institute/shared/rules';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import { isId } from '../../lib/ids';
import type { RoutePlugin } from '../../lib/type-provider';
import { approveErasure, declineErasure, erasedEmail, erasedName, type Decision } from '../../privacy/erase';
import { OpenRequestError } from '../../repositories/privacy';
import { authThrottle, tooMany } from '../auth/throttle';
import { deviceCookies } from '../../lib/device-cookie';
import { bearer, errors } from '../schemas';
import { exportCsv } from './export-csv';
import { toErasureRequest } from './mapper';

export const PRIVACY_TEXT = {
  onlyOwn: 'You can only export or erase your own data.',
  notFound: 'Account not found.',
  requestNotFound: 'Erasure request not found.',
  tooManyExports: (wait: string) => `Too many exports. Please try again in ${wait}.`,
  wrongPassword: 'Your password is not correct.',
  open: 'You already asked for your data to be erased. The institute will answer by email.',
  adminAccount: 'An admin account cannot be erased. Another admin must first make it a student account.',
  declineReason: 'Write the reason for declining (1 to 1,000 characters): the student is emailed it.',
  inFlight: 'A payment or refund of this student is still in progress. Try again once it has settled.',
  owes: (amount: string) => `This student owes ${amount}. Settle or adjust the balance, or withdraw the enrollment, before erasing the account.`,
  decided: (status: string, day: string) => `This request was already ${status} on ${day}.`,
} as const;

/** A person downloads their data a few times; a script pulling it in a loop is stopped (decision 048). */
export const EXPORT_LIMIT = { perHour: 10, windowMs: 3_600_000 } as const;

/** Before validation: another's id is a 403 whatever the request carries (an admin included: it is the student's copy). */
const ownOnly = async (request: FastifyRequest) => {
  const { id } = request.params as { id: string };
  if (request.user.id !== id) throw forbidden(PRIVACY_TEXT.onlyOwn);
};

function refusal(decision: Exclude<Decision, { ok: true }>): Error {
  switch (decision.refusal) {
    case 'missing': return notFound(PRIVACY_TEXT.requestNotFound);
    case 'admin': return conflict(PRIVACY_TEXT.adminAccount);
    case 'in-flight': return conflict(PRIVACY_TEXT.inFlight);
    case 'owes': return conflict(PRIVACY_TEXT.owes(formatMoney(decision.dueCents / 100, { cents: true })));
    case 'decided': return conflict(PRIVACY_TEXT.decided(decision.status, new Date(decision.decidedAt).toISOString().slice(0, 10)));
  }
}

/** The student's data export and erasure, approved or declined by an admin (issue 31, decision 048). */
const privacyRoutes: RoutePlugin = async (app) => {
  const { privacy, users, authAttempts, emailOutbox } = app.repos;
  const tags = ['Privacy'];
  const throttle = authThrottle(authAttempts, app.config, deviceCookies(app.config.jwt.secret, app.config.publicUrl.startsWith('https:')));

  app.get('/api/users/:id/data-export', {
    onRequest: ownOnly,
    schema: {
      tags, summary: 'Download all my data as JSON or CSV (the signed-in user only; logged, rate limited)', security: bearer,
      params: IdParams, querystring: ExportQuery, produces: ['application/json', 'text/csv'],
      response: { 200: Type.Union([DataExport, Type.String()]), ...errors(401, 403, 404, 429) },
    },
  }, async (request, reply) => {
    const format = request.query.format ?? 'json';
    const count = await authAttempts.add(`data-export:${request.user.id}`, EXPORT_LIMIT.windowMs);
    if (count.attempts > EXPORT_LIMIT.perHour) throw tooMany(reply, count.retryAfterSeconds, PRIVACY_TEXT.tooManyExports);
    const data = await privacy.exportOf(request.user.id);
    if (!data) throw notFound(PRIVACY_TEXT.notFound);
    await privacy.log({ subjectId: request.user.id, actorId: request.user.id, action: format === 'csv' ? 'export-csv' : 'export-json' });
    request.log.info({ subjectId: request.user.id, format }, 'data export');
    const exportedAt = new Date().toISOString();
    const file = `my-data-${exportedAt.slice(0, 10)}.${format}`;
    void reply.header('content-disposition', `attachment; filename="${file}"`).header('cache-control', 'no-store');
    if (format === 'csv') return reply.header('content-type', 'text/csv; charset=utf-8').send(exportCsv(data));
    return { exportedAt, institute: app.config.institute.name, account: data.account, sections: data.sections };
  });

  app.get('/api/users/:id/erasure-request', {
    onRequest: ownOnly,
    schema: { tags, summary: 'My latest erasure request, if any', security: bearer, params: IdParams, response: { 200: MyErasureRequest, ...errors(401, 403) } },
  }, async (request) => {
    const latest = await privacy.latestOf(request.user.id);
    return { request: latest ? toErasureRequest(latest) : null };
  });

  app.post('/api/users/:id/erasure-request', {
    onRequest: ownOnly,
    schema: {
      tags, summary: 'Ask for my data to be erased (current password required); an admin approves or declines', security: bearer,
      params: IdParams, body: ErasureRequestBody, response: { 201: ErasureRequest, ...errors(400, 401, 403, 409, 429) },
    },
  }, async (request, reply) => {
    const user = await users.findByIdWithHash(request.user.id);
    if (!user) throw notFound(PRIVACY_TEXT.notFound);
    if (user.role === 'admin') throw conflict(PRIVACY_TEXT.adminAccount);
    // Wrong guesses count like failed sign-ins of the account, as for a password change (decision 020).
    const attempt = await throttle.beginLogin(user.email, request, reply);
    if (!(await app.passwords.verify(user.passwordHash, request.body.password))) throw badRequest(PRIVACY_TEXT.wrongPassword);
    await attempt.takeBack();
    try {
      const created = await privacy.request(user.id);
      request.log.info({ subjectId: user.id, requestId: created.id }, 'erasure requested');
      return reply.code(201).send(toErasureRequest(created));
    } catch (error) {
      if (error instanceof OpenRequestError) throw conflict(PRIVACY_TEXT.open);
      throw error;
    }
  });

  app.get('/api/admin/erasure-requests', {
    onRequest: app.requireRole('admin'),
    schema: { tags, summary: 'Erasure requests: open ones first (admin)', security: bearer, response: { 200: Type.Array(ErasureRequest), ...errors(401, 403) } },
  }, async () => (await privacy.list()).map(toErasureRequest));

  app.post('/api/admin/erasure-requests/:id/approve', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags, summary: 'Approve: erase the personal data in one transaction, keep financial records (admin)', security: bearer,
      params: IdParams, body: Type.Optional(ErasureDecisionBody), response: { 200: ErasureRequest, ...errors(401, 403, 404, 409) },
    },
  }, async (request) => {
    const { id } = request.params;
    if (!isId(id)) throw notFound(PRIVACY_TEXT.requestNotFound);
    const reason = request.body?.reason?.trim() || null;
    const decision = await approveErasure(app.db, id, request.user.id, reason, (tx, to) => emailOutbox.enqueue({
      kind: 'erasure-approved', toEmail: to.email, dedupeKey: `erasure:${id}`,
      templateParams: { toName: to.name, erasedName: erasedName(to.number), replaceToEmail: erasedEmail(to.number) },
    }, tx));
    if (!decision.ok) throw refusal(decision);
    request.log.info({ requestId: id, subjectId: decision.userId, adminId: request.user.id }, 'erasure approved');
    return toErasureRequest((await privacy.get(id))!);
  });

  app.post('/api/admin/erasure-requests/:id/decline', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags, summary: 'Decline with a reason the student is emailed (admin)', security: bearer,
      params: IdParams, body: ErasureDecisionBody, response: { 200: ErasureRequest, ...errors(400, 401, 403, 404, 409) },
    },
  }, async (request) => {
    const { id } = request.params;
    if (!isId(id)) throw notFound(PRIVACY_TEXT.requestNotFound);
    const reason = request.body.reason?.trim() ?? '';
    if (reason.length < 1 || reason.length > 1000) throw badRequest(PRIVACY_TEXT.declineReason);
    const decision = await declineErasure(app.db, id, request.user.id, reason, (tx, to) => emailOutbox.enqueue({
      kind: 'erasure-declined', toEmail: to.email, dedupeKey: `erasure:${id}`, templateParams: { toName: to.name, reason },
    }, tx));
    if (!decision.ok) throw refusal(decision);
    request.log.info({ requestId: id, subjectId: decision.userId, adminId: request.user.id }, 'erasure declined');
    return toErasureRequest((await privacy.get(id))!);
  });
};

export default privacyRoutes;
