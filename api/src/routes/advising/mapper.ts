import { describeSlot } from '../../advising/times';
import type { BookingRecord, SlotRecord } from '../../repositories/advising';

const iso = (value: Date) => new Date(value).toISOString();

export function toSlot(slot: SlotRecord) {
  return {
    _id: slot.id, startsAt: iso(slot.startsAt), date: slot.date, time: slot.time, timeZone: slot.timeZone, minutes: slot.minutes,
    when: describeSlot(slot.date, slot.time, slot.minutes), advisor: slot.advisor, placesLeft: Math.max(0, slot.capacity - slot.booked),
  };
}

export function toAdminSlot(slot: SlotRecord & { bookings?: BookingRecord[] }) {
  return {
    ...toSlot(slot), placesLeft: slot.cancelledAt ? 0 : Math.max(0, slot.capacity - slot.booked), capacity: slot.capacity, booked: slot.booked,
    cancelledAt: slot.cancelledAt ? iso(slot.cancelledAt) : null, cancelReason: slot.cancelReason,
    bookings: (slot.bookings ?? []).map((b) => ({ _id: b.id, name: b.name, email: b.email, number: b.phone, topic: b.topic, createdAt: iso(b.createdAt) })),
  };
}
