import type { ClassSessionFields } from '../../repositories/class-sessions';

export type SeedSession = Omit<ClassSessionFields, 'programId'>;

const CAMPUS = '1200 Harbor Avenue, Suite 300, Northbridge';
const CLINIC_LAB = 'Northbridge Career Institute, Health Sciences Lab, 1200 Harbor Avenue';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Length of a seeded duration in days ("16 weeks" -> 109, "1 weekend" -> 2). */
function lengthInDays(duration: string): number {
  const weeks = /^(\d+) weeks?$/.exec(duration);
  return weeks ? Number(weeks[1]) * 7 - 3 : 2;
}

/** The next Monday on or after `ms` (UTC), so cohorts start on a week's first day. */
function mondayFrom(ms: number): number {
  const weekday = new Date(ms).getUTCDay();
  return ms + ((8 - weekday) % 7) * DAY;
}

/**
 * Realistic cohorts of one program from `today`: an evening class on campus with few seats, a hybrid weekend class
 * and an online class without a seat limit a month later. Shifting each program by its index spreads start dates.
 * The unlimited online class keeps the spec's payment calls (which name no session) payable on a long-lived demo.
 */
export function seedSessions(duration: string, index: number, healthcare: boolean, today = Date.now()): SeedSession[] {
  const days = lengthInDays(duration);
  const weekend = days <= 2;
  const first = mondayFrom(today + (14 + (index % 3) * 7) * DAY) + (weekend ? 5 * DAY : 0);
  const session = (startMs: number, rest: Omit<SeedSession, 'startsOn' | 'endsOn' | 'enrollmentDeadline'>): SeedSession => ({
    startsOn: iso(startMs),
    endsOn: iso(startMs + (days - 1) * DAY),
    enrollmentDeadline: iso(startMs - 3 * DAY),
    ...rest,
  });
  return [
    session(first, {
      schedule: weekend ? 'Sat-Sun 9 am-5 pm' : 'Mon/Wed 6-9 pm',
      mode: 'in_person',
      address: healthcare ? CLINIC_LAB : CAMPUS,
      seats: weekend ? 12 : 16,
    }),
    session(first + 21 * DAY, {
      schedule: weekend ? 'Sat-Sun 9 am-5 pm' : 'Tue/Thu 6-9 pm, Sat labs on campus',
      mode: 'hybrid',
      address: CAMPUS,
      seats: 20,
    }),
    session(first + 35 * DAY, {
      schedule: weekend ? 'Sat-Sun 10 am-4 pm, live online' : 'Mon/Wed/Fri 7-9 pm, live online',
      mode: 'online',
      address: null,
      seats: null,
    }),
  ];
}
