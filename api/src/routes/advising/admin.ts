import { AdminAdvisingSlotList, AdvisingSlotBody, AdvisingSlotCancelBody, AdvisingSlotCancelled, AdvisingSlotsCreated } from '@institute/shared/schemas';
import { Type } from '@sinclair/typebox';
import { instantOf, SLOT_TEXT, slotProblem, weeksLater } from '../../advising/times';
import { badRequest, conflict, notFound, unprocessable } from '../../lib/http-errors';
import { isId } from '../../lib/ids';
import { describeOfficeHours, isoWeekday } from '../../lib/office-hours';
import type { RoutePlugin } from '../../lib/type-provider';
import type { NewSlot } from '../../repositories/advising';
import { bearer, errors } from '../schemas';
import { toAdminSlot } from './mapper';

export const ADVISING_ADMIN_TEXT = {
  advisor: 'Name the advisor who takes this slot.',
  overlap: (advisor: string, when: string) => `${advisor} already has a slot then (${when}). Choose another time or cancel that slot first.`,
  notFound: 'This advising slot does not exist.',
  alreadyCancelled: 'This advising slot is already cancelled.',
  inWeek: (week: number, problem: string) => `Week ${week}: ${problem}`,
} as const;

const tags = ['Advising'];
const IdParams = Type.Object({ id: Type.String() });

/** The admin publishes advising hours (one slot or a weekly run of them) and cancels a slot, emailing its visitors. */
const advisingAdminRoutes: RoutePlugin<{ now?: () => number }> = async (app, options) => {
  const { advising } = app.repos;
  const now = options.now ?? Date.now;
  const { officeHours } = app.config.leads;
  const admin = { onRequest: app.requireRole('admin') };
  const listed = (items: Parameters<typeof toAdminSlot>[0][]) => ({ timeZone: officeHours.timeZone, officeHours: describeOfficeHours(officeHours), items: items.map(toAdminSlot) });

  app.get('/api/admin/advising/slots', {
    ...admin,
    schema: {
      tags, summary: 'Advising slots with their bookings: upcoming soonest first, or past ones latest first', security: bearer,
      querystring: Type.Object({ when: Type.Optional(Type.Union([Type.Literal('upcoming'), Type.Literal('past')])) }),
      response: { 200: AdminAdvisingSlotList, ...errors(401, 403) },
    },
  }, async (request) => listed(await advising.adminSlots(new Date(now()), request.query.when === 'past')));

  app.post('/api/admin/advising/slots', {
    ...admin,
    schema: {
      tags, summary: 'Publish an advising slot, or the same weekday and time for several weeks (all or none)', security: bearer,
      body: AdvisingSlotBody, response: { 201: AdvisingSlotsCreated, ...errors(400, 401, 403, 409, 422) },
    },
  }, async (request, reply) => {
    const body = request.body;
    const advisor = body.advisor.trim();
    if (!advisor) throw badRequest(ADVISING_ADMIN_TEXT.advisor);
    // Checked before the weeks are counted from it: date arithmetic would roll 2031-02-30 into March.
    if (isoWeekday(body.date) === null) throw unprocessable(SLOT_TEXT.badDate);
    const weeks = body.weeks ?? 1;
    const slots: NewSlot[] = [];
    for (let week = 0; week < weeks; week += 1) {
      const date = weeksLater(body.date, week);
      const problem = slotProblem(officeHours, new Date(now()), date, body.time, body.minutes);
      if (problem) throw unprocessable(weeks > 1 ? ADVISING_ADMIN_TEXT.inWeek(week + 1, problem) : problem);
      slots.push({
        startsAt: instantOf(date, body.time, officeHours.timeZone), date, time: body.time, timeZone: officeHours.timeZone,
        minutes: body.minutes, advisor, capacity: body.capacity ?? 1,
      });
    }
    const result = await advising.createSlots(slots, request.user.id);
    if ('overlap' in result) throw conflict(ADVISING_ADMIN_TEXT.overlap(result.overlap.advisor, toAdminSlot(result.overlap).when));
    return reply.code(201).send({ items: result.created.map(toAdminSlot) });
  });

  app.post('/api/admin/advising/slots/:id/cancel', {
    ...admin,
    schema: {
      tags, summary: 'Cancel an advising slot; each visitor booked in it is emailed', security: bearer,
      params: IdParams, body: AdvisingSlotCancelBody, response: { 200: AdvisingSlotCancelled, ...errors(401, 403, 404, 409) },
    },
  }, async (request) => {
    const id = request.params.id;
    const result = isId(id) ? await advising.cancelSlot(id, request.body.reason?.trim() ?? '') : null;
    if (!result) throw notFound(ADVISING_ADMIN_TEXT.notFound);
    if (result.before.cancelledAt) throw conflict(ADVISING_ADMIN_TEXT.alreadyCancelled);
    const slot = await advising.slotById(id);
    return { slot: toAdminSlot(slot!), emailed: result.emailed };
  });
};

export default advisingAdminRoutes;
