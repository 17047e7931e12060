import type { Static } from '@sinclair/typebox';
import type { BalanceSchedule, DueItemView, PaymentPlan } from '@institute/shared/schemas';
import { centsToDollars } from '../lib/money';
import type { DueItem } from '../repositories/due-items';
import type { PaymentPlanRecord, ScheduleRecord } from '../repositories/payment-plans';
import { labelOf } from './service';

export const toPlan = (row: PaymentPlanRecord): Static<typeof PaymentPlan> => ({
  id: row.id, programId: row.programId, name: row.name, deposit: centsToDollars(row.depositCents), instalments: row.instalments,
  anchor: row.anchor, active: row.active,
});

const toItem = (item: DueItem, count: number, today: string): Static<typeof DueItemView> => ({
  seq: item.seq,
  label: labelOf(item, count),
  dueOn: item.dueOn,
  amount: centsToDollars(item.amountCents),
  paid: centsToDollars(item.paidCents),
  open: centsToDollars(item.openCents),
  overdue: item.openCents > 0 && item.dueOn < today,
});

/** One balance's items as the student sees them; `changeable` says whether another plan may still replace this one. */
export function toSchedule(items: DueItem[], schedule: ScheduleRecord | null, changeable: boolean, today: string): Static<typeof BalanceSchedule> {
  const count = items.filter((item) => item.seq > 0).length;
  const views = items.map((item) => toItem(item, count, today));
  const open = views.filter((item) => item.open > 0);
  const cents = (list: typeof views) => centsToDollars(list.reduce((sum, item) => sum + Math.round(item.open * 100), 0));
  return {
    programId: items[0]!.programId,
    title: items[0]!.programTitle,
    plan: schedule ? { id: schedule.planId, name: schedule.planName, chosenAt: new Date(schedule.chosenAt).toISOString() } : null,
    items: views,
    next: open[0] ?? null,
    due: cents(open),
    overdue: cents(open.filter((item) => item.overdue)),
    changeable,
  };
}
