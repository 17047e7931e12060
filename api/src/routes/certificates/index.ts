import { Type } from '@sinclair/typebox';
import { Certificate, CertificateVerification, ClassCompletion, CompletionResult, IdParams, RevokeBody } from '@institute/shared/schemas';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import { isId } from '../../lib/ids';
import { centsToDollars } from '../../lib/money';
import { formatMoney } from '@institute/shared/rules';
import type { RoutePlugin } from '../../lib/type-provider';
import { CODE_PATTERN, type CompletionRefusal } from '../../repositories/certificates';
import { bearer, errors } from '../schemas';
import { CERTIFICATE_TEXT, toCertificate, toVerification } from './mapper';

const tags = ['Certificates'];

/** Why a completion was refused, as the admin reads it. */
function refusalText(refusal: CompletionRefusal, balanceDueCents = 0): string {
  if (refusal === 'balance-due') return CERTIFICATE_TEXT.balanceDue(formatMoney(centsToDollars(balanceDueCents), { cents: true }));
  return refusal === 'missing' ? CERTIFICATE_TEXT.enrollmentNotFound : CERTIFICATE_TEXT.notSeated;
}

/**
 * Certificates (issue 31, decision 046): the admin completes enrollments (one, or a session's whole class list),
 * each completion issuing one numbered certificate; the student reads their own; anyone verifies a code.
 */
const certificateRoutes: RoutePlugin = async (app) => {
  const { certificates, classSessions, enrollments } = app.repos;
  const institute = () => app.config.institute;

  app.post('/api/enrollments/:id/complete', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags, summary: 'Mark an enrollment completed and issue its certificate (admin); again answers the same certificate', security: bearer,
      params: IdParams, response: { 200: CompletionResult, 201: CompletionResult, ...errors(401, 403, 404, 409) },
    },
  }, async (request, reply) => {
    if (!isId(request.params.id)) throw notFound(CERTIFICATE_TEXT.enrollmentNotFound);
    const result = await certificates.complete(request.params.id, request.user.id);
    if (!result.ok) {
      const message = refusalText(result.refusal, result.balanceDueCents);
      throw result.refusal === 'missing' ? notFound(message) : conflict(message);
    }
    return reply.code(result.issued ? 201 : 200).send({ certificate: toCertificate(result.certificate, institute()), issued: result.issued });
  });

  app.post('/api/sessions/:id/complete', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags, summary: "Complete a session's whole class list (admin): every seated student with nothing due gets a certificate; the others are listed with why", security: bearer,
      params: IdParams, response: { 200: ClassCompletion, ...errors(401, 403, 404) },
    },
  }, async (request) => {
    const session = isId(request.params.id) ? await classSessions.get(request.params.id) : null;
    if (!session) throw notFound(CERTIFICATE_TEXT.sessionNotFound);
    const answer = { issued: [] as ReturnType<typeof toCertificate>[], alreadyCompleted: 0, skipped: [] as { enrollmentId: string; username: string; reason: string }[] };
    // One transaction per student: one who still owes does not hold back the others' certificates.
    for (const enrollmentId of await certificates.completableIn(session.id)) {
      const result = await certificates.complete(enrollmentId, request.user.id);
      if (result.ok && result.issued) answer.issued.push(toCertificate(result.certificate, institute()));
      else if (result.ok) answer.alreadyCompleted += 1;
      else {
        const row = await enrollments.get(enrollmentId);
        answer.skipped.push({ enrollmentId, username: row?.username ?? '', reason: refusalText(result.refusal, result.balanceDueCents) });
      }
    }
    return answer;
  });

  app.get('/api/certificates/mine', {
    schema: { tags, summary: "The caller's certificates, newest first", security: bearer, response: { 200: Type.Array(Certificate), ...errors(401) } },
  }, async (request) => (await certificates.byUser(request.user.id)).map((c) => toCertificate(c, institute())));

  app.get('/api/certificates/:id', {
    schema: {
      tags, summary: 'One certificate, to print (its owner or an admin)', security: bearer,
      params: IdParams, response: { 200: Certificate, ...errors(401, 403, 404) },
    },
  }, async (request) => {
    const found = isId(request.params.id) ? await certificates.get(request.params.id) : null;
    if (!found) throw notFound(CERTIFICATE_TEXT.notFound);
    if (found.userId !== request.user.id && request.user.role !== 'admin') throw forbidden(CERTIFICATE_TEXT.notYours);
    return toCertificate(found, institute());
  });

  app.get('/api/certificates/verify/:code', {
    config: { public: true },
    schema: {
      tags, summary: 'Public verification of a certificate code: name, program, date and whether it is valid or revoked',
      params: Type.Object({ code: Type.String({ maxLength: 256 }) }), response: { 200: CertificateVerification, ...errors(404) },
    },
  }, async (request, reply) => {
    // Codes are typed from paper: any case, spaces and dashes between groups are accepted.
    const code = request.params.code.toUpperCase().replace(/[\s-]/g, '');
    const found = CODE_PATTERN.test(code) ? await certificates.byCode(code) : null;
    // A revocation must show at once: never cached.
    void reply.header('Cache-Control', 'no-store');
    if (!found) throw notFound(CERTIFICATE_TEXT.codeNotFound);
    return toVerification(found, institute().name);
  });

  app.post('/api/certificates/:id/revoke', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags, summary: 'Revoke a certificate with a reason (admin); the public page then says revoked', security: bearer,
      params: IdParams, body: RevokeBody, response: { 200: Certificate, ...errors(400, 401, 403, 404, 409) },
    },
  }, async (request) => {
    if (!isId(request.params.id)) throw notFound(CERTIFICATE_TEXT.notFound);
    const reason = request.body.reason.trim();
    if (reason.length < 3 || reason.length > 500) throw badRequest(CERTIFICATE_TEXT.reason);
    const outcome = await certificates.revoke(request.params.id, request.user.id, reason);
    if (outcome === null) throw notFound(CERTIFICATE_TEXT.notFound);
    if (outcome === 'already') throw conflict(CERTIFICATE_TEXT.alreadyRevoked);
    return toCertificate((await certificates.get(request.params.id))!, institute());
  });
};

export default certificateRoutes;
