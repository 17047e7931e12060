import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/db';
import { uniqueViolation } from '../db/db';
import type { EmailOutboxRepository } from './email-outbox';
import type { InquiriesRepository } from './inquiries';

export interface NewSlot {
  startsAt: Date;
  date: string;
  time: string;
  timeZone: string;
  minutes: number;
  advisor: string;
  capacity: number;
}

export interface SlotRecord {
  id: string;
  startsAt: Date;
  date: string;
  time: string;
  timeZone: string;
  minutes: number;
  advisor: string;
  capacity: number;
  booked: number;
  cancelledAt: Date | null;
  cancelReason: string | null;
}

export interface BookingRecord {
  id: string;
  slotId: string;
  name: string;
  email: string;
  phone: string;
  topic: string;
  createdAt: Date;
  cancelledAt: Date | null;
  cancelledBy: 'visitor' | 'institute' | null;
  reminderQueuedAt: Date | null;
}

export interface NewBooking {
  slotId: string;
  name: string;
  email: string;
  phone: string;
  topic: string;
}

export type BookOutcome =
  | { ok: true; booking: BookingRecord; slot: SlotRecord }
  | { ok: false; reason: 'missing' | 'cancelled' | 'started' | 'full' | 'already-booked' };

const SLOT = `s.id, s.starts_at AS "startsAt", to_char(s.local_date, 'YYYY-MM-DD') AS date, to_char(s.local_time, 'HH24:MI') AS time,
  s.time_zone AS "timeZone", s.minutes, s.advisor, s.capacity,
  (SELECT count(*)::int FROM advising_bookings b WHERE b.slot_id = s.id AND b.cancelled_at IS NULL) AS booked,
  s.cancelled_at AS "cancelledAt", s.cancel_reason AS "cancelReason"`;
const BOOKING = `b.id, b.slot_id AS "slotId", b.name, b.email, b.phone, b.topic, b.created_at AS "createdAt",
  b.cancelled_at AS "cancelledAt", b.cancelled_by AS "cancelledBy", b.reminder_queued_at AS "reminderQueuedAt"`;

/** How long before its slot a booking's reminder is queued. */
export const REMINDER_HOURS = 24;

/**
 * Advising slots and their bookings (issue 31, decision 045). A booking takes its place under the slot's row lock
 * (SELECT ... FOR UPDATE), so the last place goes to exactly one of two visitors; its lead and its confirmation
 * email are written in the same transaction.
 */
export function advisingRepository(db: Db, outbox: EmailOutboxRepository, inquiries: InquiriesRepository) {
  const slotById = async (id: string, q: Queryable = db) => (await q.query<SlotRecord>(`SELECT ${SLOT} FROM advising_slots s WHERE s.id = $1`, [id]))[0] ?? null;
  const bookingById = async (id: string, q: Queryable = db) => (await q.query<BookingRecord>(`SELECT ${BOOKING} FROM advising_bookings b WHERE b.id = $1`, [id]))[0] ?? null;

  return {
    slotById,
    bookingById,

    /** A booking with its slot (for the cancel page and the emails); null when either is gone. */
    async bookingWithSlot(id: string): Promise<{ booking: BookingRecord; slot: SlotRecord } | null> {
      const booking = await bookingById(id);
      const slot = booking ? await slotById(booking.slotId) : null;
      return booking && slot ? { booking, slot } : null;
    },

    /**
     * Publishes all the slots or none: a slot overlapping another live slot of the same advisor is returned
     * instead (advisors cannot be in two places).
     */
    async createSlots(slots: NewSlot[], createdBy: string): Promise<{ created: SlotRecord[] } | { overlap: SlotRecord }> {
      return db.transaction(async (tx) => {
        const created: SlotRecord[] = [];
        for (const slot of slots) {
          const ends = new Date(slot.startsAt.getTime() + slot.minutes * 60_000);
          const [clash] = await tx.query<SlotRecord>(
            `SELECT ${SLOT} FROM advising_slots s WHERE lower(s.advisor) = lower($1) AND s.cancelled_at IS NULL
               AND s.starts_at < $3 AND s.starts_at + s.minutes * interval '1 minute' > $2 LIMIT 1`,
            [slot.advisor, slot.startsAt, ends],
          );
          if (clash) throw Object.assign(new Error('overlap'), { overlap: clash });
          const id = randomUUID();
          await tx.query(
            `INSERT INTO advising_slots (id, starts_at, local_date, local_time, time_zone, minutes, advisor, capacity, created_by)
             VALUES ($1, $2, $3::date, $4::time, $5, $6, $7, $8, $9)`,
            [id, slot.startsAt, slot.date, slot.time, slot.timeZone, slot.minutes, slot.advisor, slot.capacity, createdBy],
          );
          created.push((await slotById(id, tx))!);
        }
        return { created };
      }).catch((error: unknown) => {
        const overlap = (error as { overlap?: SlotRecord }).overlap;
        if (overlap) return { overlap };
        throw error;
      });
    },

    /** Slots a visitor can book: not started, not cancelled, a place left; soonest first. */
    async openSlots(now: Date, limit = 200): Promise<SlotRecord[]> {
      return db.query<SlotRecord>(
        `SELECT * FROM (SELECT ${SLOT} FROM advising_slots s WHERE s.starts_at > $1 AND s.cancelled_at IS NULL) open
         WHERE booked < capacity ORDER BY "startsAt", id LIMIT $2`,
        [now, limit],
      );
    },

    /** The admin's list: upcoming slots soonest first, or past ones latest first, with their live bookings. */
    async adminSlots(now: Date, past: boolean, limit = 200): Promise<(SlotRecord & { bookings: BookingRecord[] })[]> {
      const slots = await db.query<SlotRecord>(
        `SELECT ${SLOT} FROM advising_slots s WHERE ${past ? 's.starts_at <= $1' : 's.starts_at > $1'}
         ORDER BY s.starts_at ${past ? 'DESC' : 'ASC'}, s.id LIMIT $2`,
        [now, limit],
      );
      if (slots.length === 0) return [];
      const bookings = await db.query<BookingRecord>(
        `SELECT ${BOOKING} FROM advising_bookings b WHERE b.slot_id = ANY($1::uuid[]) AND b.cancelled_at IS NULL ORDER BY b.created_at`,
        [slots.map((slot) => slot.id)],
      );
      return slots.map((slot) => ({ ...slot, bookings: bookings.filter((b) => b.slotId === slot.id) }));
    },

    /** Takes a place of the slot, stores the lead and queues the confirmation, all or nothing. */
    async book(input: NewBooking, now: Date): Promise<BookOutcome> {
      try {
        return await db.transaction(async (tx): Promise<BookOutcome> => {
          const [locked] = await tx.query<{ id: string }>('SELECT id FROM advising_slots WHERE id = $1 FOR UPDATE', [input.slotId]);
          if (!locked) return { ok: false, reason: 'missing' };
          const slot = (await slotById(input.slotId, tx))!;
          if (slot.cancelledAt) return { ok: false, reason: 'cancelled' };
          if (new Date(slot.startsAt).getTime() <= now.getTime()) return { ok: false, reason: 'started' };
          const [mine] = await tx.query('SELECT 1 FROM advising_bookings WHERE slot_id = $1 AND lower(email) = lower($2) AND cancelled_at IS NULL', [slot.id, input.email]);
          if (mine) return { ok: false, reason: 'already-booked' };
          if (slot.booked >= slot.capacity) return { ok: false, reason: 'full' };
          const inquiryId = await inquiries.create({
            kind: 'advising', name: input.name, email: input.email, phone: input.phone, message: input.topic,
            program: `Advising with ${slot.advisor}`, preferredDate: slot.date, preferredTime: slot.time, timeZone: slot.timeZone,
          }, tx);
          const id = randomUUID();
          await tx.query(
            `INSERT INTO advising_bookings (id, slot_id, name, email, phone, topic, inquiry_id) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
            [id, slot.id, input.name, input.email, input.phone, input.topic, inquiryId],
          );
          await outbox.enqueue({ kind: 'advising-confirmation', toEmail: input.email, templateParams: { bookingId: id, toName: input.name }, dedupeKey: `advising-confirmation:${id}` }, tx);
          return { ok: true, booking: (await bookingById(id, tx))!, slot: { ...slot, booked: slot.booked + 1 } };
        });
      } catch (error) {
        // The unique index is the last word if two requests of the same person slip past the check together.
        if (uniqueViolation(error) === 'advising_bookings_one_per_person') return { ok: false, reason: 'already-booked' };
        throw error;
      }
    },

    /** The visitor's cancel: the booking as it was before, or null when there is no such booking. */
    async cancelBooking(id: string): Promise<{ before: BookingRecord; slot: SlotRecord } | null> {
      return db.transaction(async (tx) => {
        const [before] = await tx.query<BookingRecord>(`SELECT ${BOOKING} FROM advising_bookings b WHERE b.id = $1 FOR UPDATE`, [id]);
        if (!before) return null;
        if (!before.cancelledAt) await tx.query("UPDATE advising_bookings SET cancelled_at = now(), cancelled_by = 'visitor' WHERE id = $1", [id]);
        return { before, slot: (await slotById(before.slotId, tx))! };
      });
    },

    /** The institute cancels a slot: its live bookings are cancelled and each visitor is emailed. Null: no such slot. */
    async cancelSlot(id: string, reason: string): Promise<{ before: SlotRecord; emailed: number } | null> {
      return db.transaction(async (tx) => {
        const [locked] = await tx.query<{ id: string }>('SELECT id FROM advising_slots WHERE id = $1 FOR UPDATE', [id]);
        if (!locked) return null;
        const before = (await slotById(id, tx))!;
        if (before.cancelledAt) return { before, emailed: 0 };
        await tx.query('UPDATE advising_slots SET cancelled_at = now(), cancel_reason = $2 WHERE id = $1', [id, reason]);
        const cancelled = await tx.query<{ id: string; email: string; name: string }>(
          "UPDATE advising_bookings SET cancelled_at = now(), cancelled_by = 'institute' WHERE slot_id = $1 AND cancelled_at IS NULL RETURNING id, email, name",
          [id],
        );
        for (const booking of cancelled) {
          await outbox.enqueue({ kind: 'advising-cancelled', toEmail: booking.email, templateParams: { bookingId: booking.id, toName: booking.name }, dedupeKey: `advising-cancelled:${booking.id}` }, tx);
        }
        return { before, emailed: cancelled.length };
      });
    },

    /**
     * Queues the reminder of each live booking whose slot starts within REMINDER_HOURS and that was made before
     * that window opened (a booking made the day before has just had its confirmation). The claim (reminder_queued_at,
     * rows taken with SKIP LOCKED) and the email's dedupe key each make it once per booking across instances.
     */
    async queueReminders(now: Date, limit = 100): Promise<number> {
      return db.transaction(async (tx) => {
        const claimed = await tx.query<{ id: string; email: string; name: string }>(
          `UPDATE advising_bookings SET reminder_queued_at = $1 WHERE id IN (
             SELECT b.id FROM advising_bookings b JOIN advising_slots s ON s.id = b.slot_id
             WHERE b.cancelled_at IS NULL AND b.reminder_queued_at IS NULL AND s.cancelled_at IS NULL
               AND s.starts_at > $1 AND s.starts_at <= $1::timestamptz + $2::int * interval '1 hour'
               AND b.created_at < s.starts_at - $2::int * interval '1 hour'
             ORDER BY s.starts_at LIMIT $3 FOR UPDATE OF b SKIP LOCKED)
           AND reminder_queued_at IS NULL
           RETURNING id, email, name`,
          [now, REMINDER_HOURS, limit],
        );
        for (const booking of claimed) {
          await outbox.enqueue({ kind: 'advising-reminder', toEmail: booking.email, templateParams: { bookingId: booking.id, toName: booking.name }, dedupeKey: `advising-reminder:${booking.id}` }, tx);
        }
        return claimed.length;
      });
    },
  };
}

export type AdvisingRepository = ReturnType<typeof advisingRepository>;
