import { capitalized, clock, DAY_NAMES, describeOfficeHours, isoWeekday, minutes, wallClock, type OfficeHours } from '../lib/office-hours';

/**
 * Advising slots are published as wall-clock times in the institute's zone and stored also as instants, so "past"
 * and "24 hours before" are measured on real time, summer time included.
 */

/** The instant a wall-clock date and time in `timeZone` names (two corrections cover any offset change). */
export function instantOf(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wanted = Date.UTC(y, m - 1, d, Number(time.slice(0, 2)), Number(time.slice(3, 5)));
  let guess = wanted;
  for (let i = 0; i < 2; i += 1) {
    const shown = wallClock(new Date(guess), timeZone);
    const [sy, sm, sd] = shown.date.split('-').map(Number) as [number, number, number];
    guess += wanted - Date.UTC(sy, sm - 1, sd, Number(shown.time.slice(0, 2)), Number(shown.time.slice(3, 5)));
  }
  return new Date(guess);
}

/** The date `weeks` weeks after a YYYY-MM-DD date. */
export function weeksLater(date: string, weeks: number): string {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 7 * weeks);
  return day.toISOString().slice(0, 10);
}

/** "Tuesday, December 1, 2026, 10:00 AM to 10:30 AM": how pages and emails name a slot (its zone said beside it). */
export function describeSlot(date: string, time: string, length: number): string {
  const day = new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
  const start = minutes(time);
  return `${day}, ${clock(start)} to ${clock(start + length)}`;
}

export const SLOT_TEXT = {
  badDate: 'Choose a real date for the advising slot.',
  badTime: 'Choose a real start time for the advising slot.',
  past: (when: string) => `${when} is in the past. Advising slots can only be published for later times.`,
  closedDay: (weekday: string, hours: string) => `We are closed on ${weekday}s. Advising slots must be within office hours: ${hours}.`,
  outsideHours: (when: string, hours: string) => `${when} is not within office hours. Advising slots must start and end within them: ${hours}.`,
} as const;

/** Why a slot cannot be published at this date, time and length, or null when it can. */
export function slotProblem(hours: OfficeHours, now: Date, date: string, time: string, length: number): string | null {
  const weekday = isoWeekday(date);
  if (weekday === null) return SLOT_TEXT.badDate;
  if (Number(time.slice(0, 2)) > 23 || Number(time.slice(3, 5)) > 59) return SLOT_TEXT.badTime;
  const described = describeOfficeHours(hours);
  const when = describeSlot(date, time, length);
  if (instantOf(date, time, hours.timeZone).getTime() <= now.getTime()) return SLOT_TEXT.past(when);
  const open = hours.days.get(weekday);
  if (!open) return SLOT_TEXT.closedDay(capitalized(DAY_NAMES[weekday - 1]!), described);
  const start = minutes(time);
  if (start < open.opens || start + length > open.closes) return SLOT_TEXT.outsideHours(when, described);
  return null;
}
