import { isoWeekday, parseOfficeHours, wallClock } from '../../src/lib/office-hours';
import { createTestApp, type TestApp } from './app';
import { signInSeeded, type Identities } from './tokens';

/** The institute's time zone in the lead tests; its office hours are Monday to Friday, 9 to 5. */
export const ZONE = 'America/New_York';

/** Lead settings under which a test's many requests pass the rate limits; the fill time is still judged. */
export const leads = { officeHours: parseOfficeHours('Mon-Fri 09:00-17:00', ZONE), minFillMs: 3000, perIp: 1000, perEmail: 1000, windowMs: 3_600_000 };

/** An API with those settings, and the seeded admin and student signed in. */
export async function leadsApp(): Promise<{ t: TestApp; ids: Identities }> {
  const t = await createTestApp({ config: { leads } });
  return { t, ids: await signInSeeded(t.app) };
}

/** The institute's next date on this ISO weekday (1 Monday ... 7 Sunday), at least `after` days ahead. */
export function nextWeekday(iso: number, after = 1): string {
  const day = new Date(`${wallClock(new Date(), ZONE).date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + after);
  while (isoWeekday(day.toISOString().slice(0, 10)) !== iso) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}
