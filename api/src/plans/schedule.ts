/** Days are UTC 'YYYY-MM-DD'; a month later keeps the day of the month, or the month's last day when it has fewer. */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

export interface ScheduleInput {
  totalCents: number;
  depositCents: number;
  instalments: number;
  /** The session's start for a plan anchored to it, else null (the plan is anchored to the day it is chosen). */
  sessionStart: string | null;
  /** The day the plan is chosen. */
  today: string;
}

export type ScheduleResult =
  | { ok: true; items: Array<{ seq: number; dueOn: string; amountCents: number }> }
  | { ok: false; reason: 'deposit-not-below-total' | 'instalment-below-a-cent' };

/**
 * A plan's dated amounts for one balance (decision 051): the deposit (if any) due the day the plan is chosen, then
 * N monthly instalments of equal cents with the rounding on the last, so they add up exactly to the total. Anchored
 * to a session, the first instalment falls on its start and the others monthly after; anchored to the enrollment,
 * they fall one month apart from the day of the choice.
 */
export function buildSchedule(input: ScheduleInput): ScheduleResult {
  const { totalCents, depositCents, instalments, sessionStart, today } = input;
  if (depositCents >= totalCents) return { ok: false, reason: 'deposit-not-below-total' };
  const rest = totalCents - depositCents;
  const each = Math.floor(rest / instalments);
  if (each < 1) return { ok: false, reason: 'instalment-below-a-cent' };
  const items: Array<{ seq: number; dueOn: string; amountCents: number }> = [];
  if (depositCents > 0) items.push({ seq: 0, dueOn: today, amountCents: depositCents });
  for (let i = 1; i <= instalments; i += 1) {
    const dueOn = sessionStart ? addMonths(sessionStart, i - 1) : addMonths(today, i);
    // A session that started before the choice: what fell due before today is due today, never in the past.
    items.push({ seq: i, dueOn: dueOn < today ? today : dueOn, amountCents: i === instalments ? rest - each * (instalments - 1) : each });
  }
  return { ok: true, items };
}

export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return dayOf(at);
}
