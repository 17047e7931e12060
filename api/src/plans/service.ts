import { MIN_PARTIAL_CENTS } from '@institute/shared/rules';
import { badRequest, conflict, notFound } from '../lib/http-errors';
import { isId } from '../lib/ids';
import { dollarsToCents } from '../lib/money';
import type { Repositories } from '../repositories';
import type { DueItem } from '../repositories/due-items';
import type { PaymentPlanRecord, PlanAnchor } from '../repositories/payment-plans';
import { buildSchedule, dayOf } from './schedule';
import { PLAN_TEXT } from './texts';

export interface PlanInput {
  programId: string;
  name: string;
  deposit: number;
  instalments: number;
  anchor: PlanAnchor;
  instalmentAmount?: number;
}

export interface ChoiceInput {
  planId: string;
  enrollmentId?: string;
  sessionId?: string;
}

/** An item's name on the student's schedule. */
export function labelOf(item: Pick<DueItem, 'scheduleId' | 'seq'>, instalments: number): string {
  if (!item.scheduleId) return 'Balance';
  return item.seq === 0 ? 'Deposit' : `Instalment ${item.seq} of ${instalments}`;
}

const cents = (dollars: number, zeroAllowed = false): number => {
  if (zeroAllowed && dollars === 0) return 0;
  const value = dollarsToCents(dollars);
  if (value === null) throw badRequest(PLAN_TEXT.centsOnly);
  return value;
};

/** Offering plans and choosing one (decision 051). `now` is the injected clock: tests move it, never sleep. */
export function planOperations(repos: Repositories, now: () => Date) {
  return {
    /**
     * A plan the admin offers. Its amounts must make sense at today's price: a deposit below it, 0 or at least the
     * minimum, instalments of at least the minimum, and when the admin states the instalment, deposit + N x it must
     * be the price exactly.
     */
    async createPlan(input: PlanInput): Promise<PaymentPlanRecord> {
      const program = isId(input.programId) ? await repos.programs.find(input.programId) : null;
      if (!program) throw notFound(PLAN_TEXT.programNotFound);
      const { priceCents } = program;
      const depositCents = cents(input.deposit, true);
      if (depositCents >= priceCents) throw badRequest(PLAN_TEXT.depositNotBelowPrice(depositCents, priceCents));
      if (depositCents > 0 && depositCents < MIN_PARTIAL_CENTS) throw badRequest(PLAN_TEXT.depositBelowMinimum);
      if (input.instalmentAmount !== undefined) {
        const sum = depositCents + cents(input.instalmentAmount) * input.instalments;
        if (sum !== priceCents) throw badRequest(PLAN_TEXT.doesNotAddUp(sum, priceCents));
      }
      const each = Math.floor((priceCents - depositCents) / input.instalments);
      if (each < MIN_PARTIAL_CENTS) throw badRequest(PLAN_TEXT.instalmentBelowMinimum(each));
      const name = input.name.trim();
      const plan = await repos.paymentPlans.create({ programId: program.id, name, depositCents, instalments: input.instalments, anchor: input.anchor });
      if (!plan) throw conflict(PLAN_TEXT.nameTaken(name));
      return plan;
    },

    /**
     * The student chooses a plan for their balance of the plan's program. Under the balance's lock (the one every
     * payment takes), so a payment and a choice never interleave. Choosing the same plan again changes nothing; a
     * different plan replaces the schedule only while no payment counted since the choice.
     */
    async choose(userId: string, input: ChoiceInput): Promise<{ programId: string; message: string }> {
      const plan = isId(input.planId) ? await repos.paymentPlans.get(input.planId) : null;
      if (!plan) throw notFound(PLAN_TEXT.planNotFound);
      if (!plan.active) throw conflict(PLAN_TEXT.planNotOffered);
      const programId = plan.programId;
      let sessionStart: string | null = null;
      let sessionId: string | null = null;
      if (input.enrollmentId !== undefined) {
        // Another student's enrollment is not found, as another's order is (decision 007): no hint that it exists.
        const enrollment = isId(input.enrollmentId) ? await repos.enrollments.get(input.enrollmentId) : null;
        if (!enrollment || enrollment.userId !== userId || enrollment.programId !== programId) throw notFound(PLAN_TEXT.enrollmentNotFound);
        sessionId = enrollment.sessionId;
      } else if (input.sessionId !== undefined) {
        const session = isId(input.sessionId) ? await repos.classSessions.get(input.sessionId) : null;
        if (!session || session.programId !== programId) throw notFound(PLAN_TEXT.sessionNotFound);
        sessionId = session.id;
      } else {
        sessionId = (await repos.enrollments.seatedIn(userId, programId))?.sessionId ?? (await repos.enrollments.liveHoldIn(userId, programId))?.sessionId ?? null;
      }
      if (sessionId && plan.anchor === 'session_start') sessionStart = (await repos.classSessions.get(sessionId))?.startsOn ?? null;

      return repos.payments.withBalanceLock(userId, programId, async (tx) => {
        const existing = await repos.paymentPlans.scheduleOf(userId, programId, tx);
        if (existing?.planId === plan.id) return { programId, message: PLAN_TEXT.chosen(plan.name) };
        if (existing && (await repos.paymentPlans.paidSince(userId, programId, existing.chosenAt, tx))) throw conflict(PLAN_TEXT.changeAfterPayments);
        const balance = await repos.balances.of(userId, programId, {}, tx);
        if (balance.dueCents === 0) throw conflict(PLAN_TEXT.nothingDue);
        const totalCents = balance.priceCents - balance.discountCents - balance.creditCents;
        const built = buildSchedule({ totalCents, depositCents: plan.depositCents, instalments: plan.instalments, sessionStart, today: dayOf(now()) });
        if (!built.ok) {
          throw conflict(built.reason === 'deposit-not-below-total' ? PLAN_TEXT.depositNotBelowDue(plan.depositCents, totalCents) : PLAN_TEXT.tooSmallToSpread);
        }
        await repos.paymentPlans.replaceSchedule(tx, { userId, programId, plan, sessionId, totalCents }, built.items);
        return { programId, message: PLAN_TEXT.chosen(plan.name) };
      });
    },
  };
}
