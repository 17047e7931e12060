/** Payment plans (issue 30, decision 051): the types of the API's schemas. Money is US dollars, days `YYYY-MM-DD`. */
import type { Static } from '@sinclair/typebox';
import type * as Schemas from '../schemas';

export type PaymentPlan = Static<typeof Schemas.PaymentPlan>;
export type PaymentPlanInput = Static<typeof Schemas.PaymentPlanBody>;
export type PlanChoice = Static<typeof Schemas.ChoosePlanBody>;
/** One dated amount of a balance: a deposit, an instalment, or the whole balance without a plan. */
export type DueItemView = Static<typeof Schemas.DueItemView>;
/** One balance's plan, items, what is due next and what is overdue. */
export type BalanceSchedule = Static<typeof Schemas.BalanceSchedule>;
export interface PlanChosenResponse {
  message: string;
  schedule: BalanceSchedule | null;
}
