import { Type } from '@sinclair/typebox';
import { IdParams, Message, OwnWaitlistEntry, WaitlistEntry } from '@institute/shared/schemas';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { isId } from '../../lib/ids';
import type { RoutePlugin } from '../../lib/type-provider';
import type { JoinRefusal } from '../../repositories/waitlist';
import { bearer, errors } from '../schemas';
import { SESSION_TEXT } from './mapper';

export const WAITLIST_TEXT = {
  seatsLeft: 'This session has seats left: enroll instead.',
  notOpen: 'This session is not taking enrollments, so it has no waitlist.',
  seated: 'You already have a place in this session.',
  notWaiting: 'You are not on this session\'s waitlist.',
  left: 'You left the waitlist.',
  order: 'List every waiting student of this session exactly once, in the new order.',
} as const;

const REFUSALS: Record<Exclude<JoinRefusal, 'missing'>, string> = {
  'seats-left': WAITLIST_TEXT.seatsLeft, 'not-open': WAITLIST_TEXT.notOpen, seated: WAITLIST_TEXT.seated,
};

/** A full session's waitlist (issue 29): a student joins and leaves; the admin reads and reorders it. */
const waitlistRoutes: RoutePlugin = async (app) => {
  const { waitlist, classSessions } = app.repos;
  const tags = ['Class sessions'];
  const sessionId = async (id: string) => {
    if (!isId(id) || !(await classSessions.get(id))) throw notFound(SESSION_TEXT.notFound);
    return id;
  };

  app.post('/api/sessions/:id/waitlist', {
    schema: {
      tags, summary: 'Join the waitlist of a full session, at its end (joining again keeps the place)', security: bearer,
      params: IdParams, response: { 201: WaitlistEntry, ...errors(401, 404, 409) },
    },
  }, async (request, reply) => {
    const joined = await waitlist.join(await sessionId(request.params.id), request.user.id);
    if (joined === 'missing') throw notFound(SESSION_TEXT.notFound);
    if (typeof joined === 'string') throw conflict(REFUSALS[joined]);
    return reply.code(201).send(joined);
  });

  app.delete('/api/sessions/:id/waitlist', {
    schema: { tags, summary: 'Leave the waitlist', security: bearer, params: IdParams, response: { 200: Message, ...errors(401, 404) } },
  }, async (request) => {
    const id = await sessionId(request.params.id);
    if (!(await waitlist.leave(id, request.user.id))) throw notFound(WAITLIST_TEXT.notWaiting);
    // Leaving with an offer declines it: the seat goes to the next in line now, not when the offer would lapse.
    await waitlist.offerFreedSeats(id);
    return { message: WAITLIST_TEXT.left };
  });

  app.get('/api/waitlist/mine', {
    schema: {
      tags, summary: "The caller's waitlist places, with any seat offered to them and until when", security: bearer,
      response: { 200: Type.Array(OwnWaitlistEntry), ...errors(401) },
    },
  }, async (request) => waitlist.mine(request.user.id));

  app.get('/api/sessions/:id/waitlist', {
    onRequest: app.requireRole('admin'),
    schema: { tags, summary: 'The waitlist in order (admin)', security: bearer, params: IdParams, response: { 200: Type.Array(WaitlistEntry), ...errors(401, 403, 404) } },
  }, async (request) => waitlist.list(await sessionId(request.params.id)));

  app.put('/api/sessions/:id/waitlist', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags, summary: 'Reorder the waitlist (admin): every waiting entry once', security: bearer, params: IdParams,
      body: Type.Object({ order: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 10_000 }) }, { additionalProperties: false }),
      response: { 200: Type.Array(WaitlistEntry), ...errors(400, 401, 403, 404) },
    },
  }, async (request) => {
    const id = await sessionId(request.params.id);
    if (!request.body.order.every(isId) || !(await waitlist.reorder(id, request.body.order))) throw badRequest(WAITLIST_TEXT.order);
    return waitlist.list(id);
  });
};

export default waitlistRoutes;
