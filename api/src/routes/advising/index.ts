import { AdvisingBooked, AdvisingBookingBody, AdvisingBookingView, AdvisingCancelBody, AdvisingSlotList } from '@institute/shared/schemas';
import { Type } from '@sinclair/typebox';
import { bookingIdOf } from '../../advising/cancel-token';
import { describeSlot } from '../../advising/times';
import { badRequest, conflict, notFound, unprocessable } from '../../lib/http-errors';
import { isId } from '../../lib/ids';
import { describeOfficeHours } from '../../lib/office-hours';
import type { RoutePlugin } from '../../lib/type-provider';
import type { BookingRecord, SlotRecord } from '../../repositories/advising';
import { INQUIRY_TEXT } from '../inquiries';
import { spamGuard } from '../inquiries/spam';
import { errors } from '../schemas';
import advisingAdminRoutes from './admin';
import { toSlot } from './mapper';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const ADVISING_TEXT = {
  topic: 'Tell us what you would like to talk about.',
  missing: 'This advising time does not exist. Please choose one from the list.',
  cancelled: 'This advising time was cancelled. Please choose another one.',
  started: 'This advising time has already started. Please choose a later one.',
  full: 'Sorry, this time has just been taken. Please choose another one.',
  alreadyBooked: 'You have already booked this time. Your confirmation email has a link to cancel it.',
  booked: (when: string, zone: string) => `Your advising session is booked for ${when} (${zone} time). We have sent a confirmation to your email.`,
  badLink: 'This cancel link is not valid. Please use the link in your confirmation email as it is, or call us.',
  isBooked: 'This booking is confirmed. You can cancel it below if you cannot come.',
  cancelledNow: (when: string) => `Your advising session on ${when} is cancelled. The time is free for someone else.`,
  alreadyCancelled: (when: string) => `Your advising session on ${when} was already cancelled. There is nothing more to do.`,
  cancelledByUs: (when: string) => `Your advising session on ${when} was cancelled by the institute. We emailed you about it; please book another time.`,
  tooLate: (when: string) => `Your advising session on ${when} has already started or passed, so it can no longer be cancelled here. Please call us.`,
} as const;

const tags = ['Advising'];

/** How the cancel page shows a booking, with the sentence that says where it stands. */
function view(booking: BookingRecord, slot: SlotRecord, message: (when: string) => string, cancellable = false) {
  const when = describeSlot(slot.date, slot.time, slot.minutes);
  return {
    status: booking.cancelledAt ? 'cancelled' as const : 'booked' as const, name: booking.name, when, timeZone: slot.timeZone, advisor: slot.advisor,
    cancellable, message: message(when),
  };
}

/**
 * Advising slots (issue 31, decision 045), the visitor's side: the open slots, a booking behind the leads' spam
 * checks, and the signed cancel link's page. The admin's side is in admin.ts.
 */
const advisingRoutes: RoutePlugin<{ now?: () => number }> = async (app, options) => {
  const { advising, authAttempts } = app.repos;
  const now = options.now ?? Date.now;
  const guard = spamGuard(app.config, authAttempts, now);
  const { officeHours } = app.config.leads;
  const secret = app.config.jwt.secret;

  const byToken = async (token: string) => {
    const id = bookingIdOf(secret, token);
    const found = id ? await advising.bookingWithSlot(id) : null;
    if (!found) throw notFound(ADVISING_TEXT.badLink);
    return found;
  };

  app.get('/api/advising/slots', {
    config: { public: true },
    schema: { tags, summary: 'Advising slots open for booking, soonest first, in the institute\'s time zone', response: { 200: AdvisingSlotList } },
  }, async (_request, reply) => {
    // Places change with every booking: a cached list would offer a taken slot.
    void reply.header('Cache-Control', 'no-store');
    const items = await advising.openSlots(new Date(now()));
    return { timeZone: officeHours.timeZone, officeHours: describeOfficeHours(officeHours), items: items.map(toSlot) };
  });

  app.post('/api/advising/bookings', {
    config: { public: true },
    schema: {
      tags, summary: 'Book a place in an advising slot (honeypot, minimum fill time and rate limits, as the contact form)',
      body: AdvisingBookingBody, response: { 201: AdvisingBooked, ...errors(400, 404, 409, 413, 415, 422, 429) },
    },
  }, async (request, reply) => {
    const body = request.body;
    guard.check(body);
    const name = body.name.trim();
    const email = body.email.trim();
    const topic = body.topic.trim();
    if (!name) throw badRequest(INQUIRY_TEXT.name);
    if (!email) throw badRequest(INQUIRY_TEXT.email);
    if (!EMAIL.test(email)) throw badRequest(INQUIRY_TEXT.invalidEmail);
    if (!topic) throw badRequest(ADVISING_TEXT.topic);
    if (!isId(body.slotId)) throw notFound(ADVISING_TEXT.missing);
    await guard.count(email, request, reply);
    const outcome = await advising.book({ slotId: body.slotId, name, email, phone: body.number?.trim() ?? '', topic }, new Date(now()));
    if (!outcome.ok) {
      switch (outcome.reason) {
        case 'missing': throw notFound(ADVISING_TEXT.missing);
        case 'cancelled': throw conflict(ADVISING_TEXT.cancelled);
        case 'started': throw unprocessable(ADVISING_TEXT.started);
        case 'full': throw conflict(ADVISING_TEXT.full);
        case 'already-booked': throw conflict(ADVISING_TEXT.alreadyBooked);
      }
    }
    const slot = toSlot(outcome.slot);
    return reply.code(201).send({ _id: outcome.booking.id, message: ADVISING_TEXT.booked(slot.when, slot.timeZone), slot });
  });

  app.get('/api/advising/cancel', {
    config: { public: true },
    schema: {
      tags, summary: 'The booking a cancel link names, and where it stands', querystring: Type.Object({ token: Type.String({ maxLength: 200 }) }),
      response: { 200: AdvisingBookingView, ...errors(400, 404) },
    },
  }, async (request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    const { booking, slot } = await byToken(request.query.token);
    if (booking.cancelledBy === 'institute') return view(booking, slot, ADVISING_TEXT.cancelledByUs);
    if (booking.cancelledAt) return view(booking, slot, ADVISING_TEXT.alreadyCancelled);
    if (new Date(slot.startsAt).getTime() <= now()) return view(booking, slot, ADVISING_TEXT.tooLate);
    return view(booking, slot, () => ADVISING_TEXT.isBooked, true);
  });

  app.post('/api/advising/cancel', {
    config: { public: true },
    schema: { tags, summary: 'Cancel the booking a cancel link names; its place is free again', body: AdvisingCancelBody, response: { 200: AdvisingBookingView, ...errors(400, 404, 409, 422) } },
  }, async (request) => {
    const { booking, slot } = await byToken(request.body.token);
    const when = describeSlot(slot.date, slot.time, slot.minutes);
    if (booking.cancelledBy === 'institute') throw conflict(ADVISING_TEXT.cancelledByUs(when));
    if (booking.cancelledAt) throw conflict(ADVISING_TEXT.alreadyCancelled(when));
    if (new Date(slot.startsAt).getTime() <= now()) throw unprocessable(ADVISING_TEXT.tooLate(when));
    const done = await advising.cancelBooking(booking.id);
    // Two clicks at once: the second finds the first's cancel under the row lock.
    if (!done || done.before.cancelledAt) throw conflict(ADVISING_TEXT.alreadyCancelled(when));
    return view({ ...booking, cancelledAt: new Date(), cancelledBy: 'visitor' }, slot, ADVISING_TEXT.cancelledNow);
  });

  await app.register(advisingAdminRoutes, options);
};

export default advisingRoutes;
