import { Type } from '@sinclair/typebox';

/** Issue 31: advising slots the admin publishes and visitors book (decision 045). */

const WallDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD in the institute\'s time zone' });
const WallTime = Type.String({ pattern: '^\\d{2}:\\d{2}$', description: 'HH:MM in the institute\'s time zone' });

/** A slot as visitors see it: when (in the institute's zone, named), how long, with whom, places left. */
export const AdvisingSlot = Type.Object({
  _id: Type.String(),
  startsAt: Type.String({ format: 'date-time' }),
  date: Type.String(),
  time: Type.String(),
  timeZone: Type.String(),
  minutes: Type.Integer(),
  /** "Tuesday, December 1, 2026, 10:00 AM to 10:30 AM", in timeZone. */
  when: Type.String(),
  advisor: Type.String(),
  placesLeft: Type.Integer(),
});

/** GET /api/advising/slots: the slots open for booking and the zone their times are in. */
export const AdvisingSlotList = Type.Object({
  timeZone: Type.String(),
  officeHours: Type.String({ description: 'The office hours in words, with the zone' }),
  items: Type.Array(AdvisingSlot),
});

/** POST /api/advising/bookings: the visitor's booking, behind the leads' spam checks. */
export const AdvisingBookingBody = Type.Object({
  slotId: Type.String({ maxLength: 64 }),
  name: Type.String({ maxLength: 200 }),
  email: Type.String({ maxLength: 254 }),
  number: Type.Optional(Type.String({ maxLength: 40 })),
  topic: Type.String({ maxLength: 2000 }),
  website: Type.Optional(Type.String({ maxLength: 500 })),
  formToken: Type.String({ maxLength: 200 }),
}, { additionalProperties: false });

export const AdvisingBooked = Type.Object({ _id: Type.String(), message: Type.String(), slot: AdvisingSlot });

/** A booking as its cancel link shows it. */
export const AdvisingBookingView = Type.Object({
  status: Type.Union([Type.Literal('booked'), Type.Literal('cancelled')]),
  name: Type.String(),
  when: Type.String(),
  timeZone: Type.String(),
  advisor: Type.String(),
  /** Booked and not started yet: the link can still cancel it. */
  cancellable: Type.Boolean(),
  message: Type.String(),
});

export const AdvisingCancelBody = Type.Object({ token: Type.String({ maxLength: 200 }) }, { additionalProperties: false });

/** POST /api/admin/advising/slots: one slot, or the same weekday and time for `weeks` weeks. */
export const AdvisingSlotBody = Type.Object({
  date: WallDate,
  time: WallTime,
  minutes: Type.Integer({ minimum: 10, maximum: 240 }),
  advisor: Type.String({ maxLength: 120 }),
  capacity: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
  weeks: Type.Optional(Type.Integer({ minimum: 1, maximum: 26, description: 'Publish the same weekday and time this many weeks in a row (1: this slot only)' })),
}, { additionalProperties: false });

export const AdvisingBooking = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  number: Type.String(),
  topic: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});

export const AdminAdvisingSlot = Type.Object({
  ...AdvisingSlot.properties,
  capacity: Type.Integer(),
  booked: Type.Integer(),
  cancelledAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  cancelReason: Type.Union([Type.String(), Type.Null()]),
  bookings: Type.Array(AdvisingBooking),
});

export const AdminAdvisingSlotList = Type.Object({ timeZone: Type.String(), officeHours: Type.String(), items: Type.Array(AdminAdvisingSlot) });
export const AdvisingSlotsCreated = Type.Object({ items: Type.Array(AdminAdvisingSlot) });
export const AdvisingSlotCancelBody = Type.Object({ reason: Type.Optional(Type.String({ maxLength: 500 })) }, { additionalProperties: false });
export const AdvisingSlotCancelled = Type.Object({ slot: AdminAdvisingSlot, emailed: Type.Integer() });
