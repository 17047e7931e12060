/**
 * The institute's office hours in its own time zone (OFFICE_HOURS, INSTITUTE_TIME_ZONE), and the checks an
 * appointment request's preferred date and time must pass. Dates and times are wall-clock values in that zone, as
 * the form's date and time inputs hold them, so no conversion is needed to compare them with the hours.
 */
export const DAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const DAY_ABBREVIATIONS = DAY_NAMES.map((day) => day.slice(0, 3));

/** Minutes after midnight, opening included and closing excluded, per ISO weekday (1 Monday ... 7 Sunday). */
export interface OfficeHours {
  timeZone: string;
  days: Map<number, { opens: number; closes: number }>;
}

export const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
export const capitalized = (word: string) => word[0]!.toUpperCase() + word.slice(1);

export function clock(total: number): string {
  const h = Math.floor(total / 60);
  const m = String(total % 60).padStart(2, '0');
  return `${h % 12 === 0 ? 12 : h % 12}:${m} ${h < 12 ? 'AM' : 'PM'}`;
}

function dayIndex(name: string, spec: string): number {
  const index = DAY_ABBREVIATIONS.indexOf(name.slice(0, 3).toLowerCase());
  if (index < 0) throw new Error(`OFFICE_HOURS: "${name}" is not a day of the week (in "${spec}").`);
  return index + 1;
}

/**
 * Reads "Mon-Fri 09:00-17:00, Sat 10:00-14:00": comma-separated entries of a day or a range of days and the
 * opening and closing times (24-hour). Throws with the entry that cannot be read, and on an unknown time zone.
 */
export function parseOfficeHours(spec: string, timeZone: string): OfficeHours {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    throw new Error(`INSTITUTE_TIME_ZONE: "${timeZone}" is not an IANA time zone (for example America/New_York).`);
  }
  const days = new Map<number, { opens: number; closes: number }>();
  for (const entry of spec.split(',').map((part) => part.trim()).filter(Boolean)) {
    const match = /^([A-Za-z]+)(?:\s*-\s*([A-Za-z]+))?\s+([01]\d|2[0-3]):([0-5]\d)\s*-\s*([01]\d|2[0-4]):([0-5]\d)$/.exec(entry);
    if (!match) throw new Error(`OFFICE_HOURS: cannot read "${entry}"; write entries like "Mon-Fri 09:00-17:00".`);
    const [, from, to, oh, om, ch, cm] = match;
    const opens = minutes(`${oh}:${om}`);
    const closes = minutes(`${ch}:${cm}`);
    if (closes <= opens) throw new Error(`OFFICE_HOURS: "${entry}" closes before it opens.`);
    const first = dayIndex(from!, spec);
    const last = to ? dayIndex(to, spec) : first;
    if (last < first) throw new Error(`OFFICE_HOURS: "${entry}" runs backwards through the week.`);
    for (let day = first; day <= last; day += 1) days.set(day, { opens, closes });
  }
  if (days.size === 0) throw new Error('OFFICE_HOURS: name at least one day, like "Mon-Fri 09:00-17:00".');
  return { timeZone, days };
}

/** "Monday to Friday, 9:00 AM to 5:00 PM; Saturday, 10:00 AM to 2:00 PM (America/New_York time)". */
export function describeOfficeHours(hours: OfficeHours): string {
  const spans: string[] = [];
  const sorted = [...hours.days.entries()].sort(([a], [b]) => a - b);
  for (let i = 0; i < sorted.length;) {
    const [start, range] = sorted[i]!;
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1]![0] === sorted[j]![0] + 1
      && sorted[j + 1]![1].opens === range.opens && sorted[j + 1]![1].closes === range.closes) j += 1;
    const end = sorted[j]![0];
    const days = end === start ? capitalized(DAY_NAMES[start - 1]!) : `${capitalized(DAY_NAMES[start - 1]!)} to ${capitalized(DAY_NAMES[end - 1]!)}`;
    spans.push(`${days}, ${clock(range.opens)} to ${clock(range.closes)}`);
    i = j + 1;
  }
  return `${spans.join('; ')} (${hours.timeZone} time)`;
}

/** Today's date and the time now as wall-clock values in the zone: { date: 'YYYY-MM-DD', time: 'HH:MM' }. */
export function wallClock(now: Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(now).map((part) => [part.type, part.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** ISO weekday (1 Monday ... 7 Sunday) of a real calendar date, or null for one like 2026-02-30. */
export function isoWeekday(date: string): number | null {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) return null;
  return day.getUTCDay() === 0 ? 7 : day.getUTCDay();
}

export const APPOINTMENT_TEXT = {
  badDate: 'Choose a real date for the appointment.',
  badTime: 'Choose a real time for the appointment.',
  timeWithoutDate: 'Choose a date for the preferred time.',
  pastDate: 'The preferred date is in the past. Please choose a later date.',
  pastTime: 'The preferred time has already passed today. Please choose a later time.',
  closedDay: (weekday: string, hours: string) => `We are closed on ${weekday}s. Please choose a day within our office hours: ${hours}.`,
  outsideHours: (time: string, hours: string) => `${time} is outside our office hours. Please choose a time within them: ${hours}.`,
} as const;

/** Why a preferred date and time cannot be booked, or null when they can (both are optional on the form). */
export function appointmentProblem(hours: OfficeHours, now: Date, date?: string, time?: string): string | null {
  if (!date) return time ? APPOINTMENT_TEXT.timeWithoutDate : null;
  const weekday = isoWeekday(date);
  if (weekday === null) return APPOINTMENT_TEXT.badDate;
  if (time && (Number(time.slice(0, 2)) > 23 || Number(time.slice(3, 5)) > 59)) return APPOINTMENT_TEXT.badTime;
  const today = wallClock(now, hours.timeZone);
  if (date < today.date) return APPOINTMENT_TEXT.pastDate;
  const open = hours.days.get(weekday);
  const described = describeOfficeHours(hours);
  if (!open) return APPOINTMENT_TEXT.closedDay(capitalized(DAY_NAMES[weekday - 1]!), described);
  if (!time) return null;
  if (minutes(time) < open.opens || minutes(time) >= open.closes) return APPOINTMENT_TEXT.outsideHours(clock(minutes(time)), described);
  if (date === today.date && time <= today.time) return APPOINTMENT_TEXT.pastTime;
  return null;
}
