import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/db';

export type PlanAnchor = 'session_start' | 'enrollment_date';

export interface PaymentPlanRecord {
  id: string;
  programId: string;
  name: string;
  depositCents: number;
  instalments: number;
  anchor: PlanAnchor;
  active: boolean;
}

export interface NewPaymentPlan {
  programId: string;
  name: string;
  depositCents: number;
  instalments: number;
  anchor: PlanAnchor;
}

export interface ScheduleRecord {
  id: string;
  planId: string | null;
  planName: string;
  sessionId: string | null;
  totalCents: number;
  chosenAt: Date;
}

export interface NewInstalment {
  seq: number;
  dueOn: string;
  amountCents: number;
}

const PLAN = `id, program_id AS "programId", name, deposit_cents AS "depositCents", instalments, anchor, active`;

/** Plans offered per program, and each student's schedule (decision 051). */
export function paymentPlansRepository(db: Db) {
  return {
    async create(plan: NewPaymentPlan): Promise<PaymentPlanRecord | null> {
      const rows = await db.query<PaymentPlanRecord>(
        `INSERT INTO payment_plans (id, program_id, name, deposit_cents, instalments, anchor) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (program_id, lower(name)) WHERE active DO NOTHING RETURNING ${PLAN}`,
        [randomUUID(), plan.programId, plan.name, plan.depositCents, plan.instalments, plan.anchor]);
      return rows[0] ?? null;
    },

    async get(id: string, q: Queryable = db): Promise<PaymentPlanRecord | null> {
      return (await q.query<PaymentPlanRecord>(`SELECT ${PLAN} FROM payment_plans WHERE id = $1`, [id]))[0] ?? null;
    },

    /** A program's plans, the offered ones only unless `all` (the admin sees retired ones too). */
    ofProgram: (programId: string, all = false) =>
      db.query<PaymentPlanRecord>(`SELECT ${PLAN} FROM payment_plans WHERE program_id = $1 ${all ? '' : 'AND active'}
        ORDER BY active DESC, instalments, deposit_cents DESC, id`, [programId]),

    /** No longer offered; schedules already made on it keep it. Returns false when it was retired already. */
    async retire(id: string): Promise<boolean> {
      return (await db.query('UPDATE payment_plans SET active = false, updated_at = now() WHERE id = $1 AND active RETURNING id', [id])).length > 0;
    },

    async scheduleOf(userId: string, programId: string, q: Queryable = db): Promise<ScheduleRecord | null> {
      const rows = await q.query<ScheduleRecord>(
        `SELECT id, plan_id AS "planId", plan_name AS "planName", session_id AS "sessionId", total_cents AS "totalCents", chosen_at AS "chosenAt"
         FROM plan_schedules WHERE user_id = $1 AND program_id = $2`, [userId, programId]);
      return rows[0] ?? null;
    },

    /** Counted money of the balance recorded after `since` (a payment on the schedule: the plan is kept). */
    async paidSince(userId: string, programId: string, since: Date, q: Queryable = db): Promise<boolean> {
      return (await q.query(`SELECT 1 FROM payments WHERE user_id = $1 AND program_id = $2 AND created_at >= $3
        AND status IN ('COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED') LIMIT 1`, [userId, programId, since])).length > 0;
    },

    /** Replaces the balance's schedule in the caller's transaction (which holds the balance's lock). */
    async replaceSchedule(q: Queryable, row: { userId: string; programId: string; plan: PaymentPlanRecord; sessionId: string | null; totalCents: number },
      instalments: NewInstalment[]): Promise<string> {
      await q.query('DELETE FROM plan_schedules WHERE user_id = $1 AND program_id = $2', [row.userId, row.programId]);
      const id = randomUUID();
      // chosen_at is the database's time, as payments' created_at is: "paid since the choice" compares the two.
      await q.query(`INSERT INTO plan_schedules (id, user_id, program_id, plan_id, plan_name, session_id, total_cents)
        VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [id, row.userId, row.programId, row.plan.id, row.plan.name, row.sessionId, row.totalCents]);
      for (const item of instalments) {
        await q.query('INSERT INTO plan_instalments (schedule_id, seq, due_on, amount_cents) VALUES ($1, $2, $3, $4)',
          [id, item.seq, item.dueOn, item.amountCents]);
      }
      return id;
    },

    /** Reminders sent for a student's balance (what the schedule view and tests read). */
    remindersOf: (userId: string) =>
      db.query<{ itemKey: string; kind: string; dueOn: string }>(
        `SELECT item_key AS "itemKey", kind, to_char(due_on, 'YYYY-MM-DD') AS "dueOn" FROM payment_reminders WHERE user_id = $1 ORDER BY sent_at, item_key, kind`,
        [userId]),
  };
}

export type PaymentPlansRepository = ReturnType<typeof paymentPlansRepository>;
