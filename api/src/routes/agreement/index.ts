import { Type } from '@sinclair/typebox';
import { Agreement } from '@institute/shared/schemas';
import { badRequest, conflict } from '../../lib/http-errors';
import type { RoutePlugin } from '../../lib/type-provider';
import { bearer, errors } from '../schemas';

export const AGREEMENT_TEXT = {
  title: 'Give the agreement a title of at most 200 characters.',
  body: 'Write the agreement\'s text (at most 20,000 characters).',
  noneYet: 'No enrollment agreement is published yet, so there is nothing to accept.',
  notCurrent: (current: number) => `Version ${current} is the current agreement: read it and accept that version.`,
} as const;

const Acceptance = Type.Object({ version: Type.Integer(), acceptedAt: Type.String({ format: 'date-time' }) });
const tags = ['Enrollment agreement'];

/**
 * The enrollment agreement (issue 29, decision 036): versions the admin publishes, the current one for everyone,
 * and each student's acceptance. "None yet" is an answer (null), not an error: a site without terms still works.
 */
const agreementRoutes: RoutePlugin = async (app) => {
  const { agreements } = app.repos;

  app.get('/api/agreement', {
    config: { public: true },
    schema: { tags, summary: 'The current enrollment agreement; null when none is published', response: { 200: Type.Union([Agreement, Type.Null()]) } },
  }, async () => agreements.current());

  app.get('/api/agreement/versions', {
    onRequest: app.requireRole('admin'),
    schema: { tags, summary: 'Every published version, newest first (admin)', security: bearer, response: { 200: Type.Array(Agreement), ...errors(401, 403) } },
  }, async () => agreements.versions());

  app.post('/api/agreement', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags, summary: 'Publish a new version (admin); earlier acceptances stay with the version they name', security: bearer,
      body: Type.Object({ title: Type.String({ maxLength: 1000 }), body: Type.String({ maxLength: 100_000 }) }, { additionalProperties: false }),
      response: { 201: Agreement, ...errors(400, 401, 403) },
    },
  }, async (request, reply) => {
    const title = request.body.title.trim();
    const body = request.body.body.trim();
    if (title === '' || title.length > 200) throw badRequest(AGREEMENT_TEXT.title);
    if (body === '' || body.length > 20_000) throw badRequest(AGREEMENT_TEXT.body);
    return reply.code(201).send(await agreements.publish(title, body, request.user.id));
  });

  app.post('/api/agreement/accept', {
    schema: {
      tags, summary: 'Accept the current version (the version read is named, so a newer one published meanwhile is not accepted unread)',
      security: bearer, body: Type.Object({ version: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
      response: { 200: Acceptance, ...errors(400, 401, 409) },
    },
  }, async (request) => {
    const current = await agreements.current();
    if (!current) throw conflict(AGREEMENT_TEXT.noneYet);
    if (request.body.version !== current.version) throw conflict(AGREEMENT_TEXT.notCurrent(current.version));
    return agreements.accept(request.user.id, current.version);
  });

  app.get('/api/agreement/mine', {
    schema: {
      tags, summary: "The newest version the caller accepted; null when none", security: bearer,
      response: { 200: Type.Union([Acceptance, Type.Null()]), ...errors(401) },
    },
  }, async (request) => agreements.latestOf(request.user.id));
};

export default agreementRoutes;
