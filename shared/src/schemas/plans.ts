import { Type } from '@sinclair/typebox';

/** Payment plans, due dates and reminders (issue 30, decision 051). Money is dollars; days are 'YYYY-MM-DD' (UTC). */
export const PLAN_ANCHORS = ['session_start', 'enrollment_date'] as const;
export const PlanAnchor = Type.Union(PLAN_ANCHORS.map((anchor) => Type.Literal(anchor)), {
  description: "Instalments fall monthly from the session's start, or from the day the student chose the plan",
});

const Id = Type.String({ minLength: 1, maxLength: 256 });
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const PaymentPlanBody = Type.Object({
  programId: Id,
  name: Type.String({ minLength: 1, maxLength: 80, pattern: '\\S' }),
  deposit: Type.Number({ minimum: 0, description: 'Dollars paid when the plan is chosen; 0 for none' }),
  instalments: Type.Integer({ minimum: 1, maximum: 24, description: 'Monthly instalments after the deposit' }),
  anchor: PlanAnchor,
  instalmentAmount: Type.Optional(Type.Number({
    description: "The instalment the admin expects at today's price: deposit + instalments x this must be the price",
  })),
}, { additionalProperties: false });

export const PaymentPlan = Type.Object({
  id: Type.String(),
  programId: Type.String(),
  name: Type.String(),
  deposit: Type.Number(),
  instalments: Type.Integer(),
  anchor: PlanAnchor,
  active: Type.Boolean(),
});

export const ChoosePlanBody = Type.Object({
  planId: Id,
  /** The enrollment the plan pays for; another student's is not found. */
  enrollmentId: Type.Optional(Id),
  /** The session chosen at checkout, for a plan anchored to its start. */
  sessionId: Type.Optional(Id),
}, { additionalProperties: false });

export const DueItemView = Type.Object({
  seq: Type.Integer({ description: '0: the deposit (on a plan) or the whole balance (without one)' }),
  label: Type.String(),
  dueOn: Day,
  amount: Type.Number(),
  paid: Type.Number({ description: 'Paid or credited toward it, earliest items first' }),
  open: Type.Number(),
  overdue: Type.Boolean(),
});

/** One balance's schedule: its plan (null: the whole balance at once), items, what is due next and what is overdue. */
export const BalanceSchedule = Type.Object({
  programId: Type.String(),
  title: Type.String(),
  plan: Type.Union([Type.Object({ id: Type.Union([Type.String(), Type.Null()]), name: Type.String(), chosenAt: Type.String() }), Type.Null()]),
  items: Type.Array(DueItemView),
  next: Type.Union([DueItemView, Type.Null()]),
  due: Type.Number(),
  overdue: Type.Number({ description: 'Open amounts whose due date has passed' }),
  /** False once a payment counted after the choice: the plan is kept (an admin changes it). */
  changeable: Type.Boolean(),
});
