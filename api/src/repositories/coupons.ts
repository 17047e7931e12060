import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/db';

export type CouponKind = 'percent' | 'amount';
export type CouponSort = 'createdAt' | 'code' | 'endsOn' | 'used';

export interface CouponFields {
  code: string;
  description: string;
  kind: CouponKind;
  percentOff: number | null;
  amountOffCents: number | null;
  /** UTC days, YYYY-MM-DD; null: no bound. */
  startsOn: string | null;
  endsOn: string | null;
  maxRedemptions: number | null;
  maxPerStudent: number | null;
  allPrograms: boolean;
  programIds: string[];
  active: boolean;
}

export interface CouponRecord extends CouponFields {
  id: string;
  /** Confirmed redemptions: uses that paid for something. */
  used: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface CouponPageQuery {
  offset: number;
  limit: number;
  sort: CouponSort;
  descending: boolean;
  /** Part of the code or description, any case. */
  q?: string;
}

/** A coupon as a checkout sees it, locked: its uses now, and this student's. */
export interface CouponForRedemption extends CouponRecord {
  /** Confirmed uses plus holds that have not expired, other than `userId`'s on this program. */
  taken: number;
  /** This student's confirmed uses and live holds on other programs. */
  takenByStudent: number;
  /** Today (UTC) as the database sees it, YYYY-MM-DD. */
  today: string;
}

export class DuplicateCodeError extends Error {
  constructor() {
    super('duplicate coupon code');
  }
}

// Sort key -> column of the listed row: the only names placed in SQL text. The id breaks ties, so pages never overlap.
const ORDER: Record<CouponSort, string> = { createdAt: 'c."createdAt"', code: 'c.code', endsOn: 'c."endsOn"', used: 'c.used' };

const LIVE = `(r.status = 'confirmed' OR (r.status = 'held' AND r.hold_expires_at > now()))`;

const COLUMNS = `c.id, c.code, c.description, c.kind, c.percent_off AS "percentOff", c.amount_off_cents AS "amountOffCents",
  to_char(c.starts_on, 'YYYY-MM-DD') AS "startsOn", to_char(c.ends_on, 'YYYY-MM-DD') AS "endsOn",
  c.max_redemptions AS "maxRedemptions", c.max_per_student AS "maxPerStudent", c.all_programs AS "allPrograms",
  c.active, c.created_at AS "createdAt", c.updated_at AS "updatedAt",
  coalesce((SELECT array_agg(cp.program_id::text ORDER BY cp.program_id) FROM coupon_programs cp WHERE cp.coupon_id = c.id), '{}') AS "programIds",
  (SELECT count(*)::int FROM coupon_redemptions r WHERE r.coupon_id = c.id AND r.status = 'confirmed') AS used`;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

async function writePrograms(tx: Queryable, couponId: string, fields: CouponFields): Promise<void> {
  await tx.query('DELETE FROM coupon_programs WHERE coupon_id = $1', [couponId]);
  if (fields.allPrograms) return;
  for (const programId of fields.programIds) {
    await tx.query('INSERT INTO coupon_programs (coupon_id, program_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [couponId, programId]);
  }
}

const values = (f: CouponFields) => [f.code, f.description, f.kind, f.percentOff, f.amountOffCents, f.startsOn, f.endsOn,
  f.maxRedemptions, f.maxPerStudent, f.allPrograms, f.active];

/** Coupons the admin manages, and their redemptions (issue 30, decision 044). */
export function couponsRepository(db: Db) {
  async function byId(id: string, q: Queryable = db): Promise<CouponRecord | null> {
    const rows = await q.query<CouponRecord>(`SELECT ${COLUMNS} FROM coupons c WHERE c.id = $1`, [id]);
    return rows[0] ?? null;
  }

  return {
    byId,
    /** A transaction for lockByCode and the writes that follow it. */
    transaction: <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => db.transaction(fn),

    async page(query: CouponPageQuery): Promise<{ items: CouponRecord[]; total: number }> {
      const params: unknown[] = [];
      let filter = '';
      if (query.q) {
        params.push(likePattern(query.q));
        filter = `WHERE (c.code ILIKE $1 OR c.description ILIKE $1)`;
      }
      const direction = query.descending ? 'DESC' : 'ASC';
      const [counted, items] = await Promise.all([
        db.query<{ n: number }>(`SELECT count(*)::int AS n FROM coupons c ${filter}`, params),
        db.query<CouponRecord>(
          `SELECT * FROM (SELECT ${COLUMNS} FROM coupons c ${filter}) c
           ORDER BY ${ORDER[query.sort]} ${direction} NULLS LAST, c.id ${direction}
           LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
          [...params, query.limit, query.offset],
        ),
      ]);
      return { items, total: counted[0]!.n };
    },

    /** The new coupon; DuplicateCodeError when the code is taken. */
    async create(fields: CouponFields): Promise<CouponRecord> {
      const id = randomUUID();
      try {
        return await db.transaction(async (tx) => {
          await tx.query(
            `INSERT INTO coupons (id, code, description, kind, percent_off, amount_off_cents, starts_on, ends_on,
               max_redemptions, max_per_student, all_programs, active)
             VALUES ($12, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`, [...values(fields), id]);
          await writePrograms(tx, id, fields);
          return (await byId(id, tx))!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateCodeError();
        throw error;
      }
    },

    /** The coupon as edited, or null when there is none; DuplicateCodeError when the new code is another's. */
    async update(id: string, fields: CouponFields): Promise<CouponRecord | null> {
      try {
        return await db.transaction(async (tx) => {
          const rows = await tx.query<{ id: string }>(
            `UPDATE coupons SET code = $1, description = $2, kind = $3, percent_off = $4, amount_off_cents = $5, starts_on = $6,
               ends_on = $7, max_redemptions = $8, max_per_student = $9, all_programs = $10, active = $11, updated_at = now()
             WHERE id = $12 RETURNING id`, [...values(fields), id]);
          if (!rows.length) return null;
          await writePrograms(tx, id, fields);
          return byId(id, tx);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateCodeError();
        throw error;
      }
    },

    async deactivate(id: string): Promise<CouponRecord | null> {
      const rows = await db.query<{ id: string }>('UPDATE coupons SET active = false, updated_at = now() WHERE id = $1 RETURNING id', [id]);
      return rows.length ? byId(id) : null;
    },

    async existingPrograms(ids: string[]): Promise<string[]> {
      if (!ids.length) return [];
      const rows = await db.query<{ id: string }>('SELECT id::text FROM programs WHERE id = ANY($1::uuid[])', [ids]);
      return rows.map((row) => row.id);
    },

    /**
     * The coupon with this code, its row locked until the transaction ends, with its live uses counted: whoever
     * takes a use locks the row first, so two students cannot both take the last one.
     */
    async lockByCode(tx: Queryable, code: string, userId: string, programId: string): Promise<CouponForRedemption | null> {
      const locked = await tx.query<{ id: string }>('SELECT id FROM coupons WHERE code = $1 FOR UPDATE', [code]);
      if (!locked.length) return null;
      const id = locked[0]!.id;
      const rows = await tx.query<CouponForRedemption>(
        `SELECT ${COLUMNS},
           (SELECT count(*)::int FROM coupon_redemptions r WHERE r.coupon_id = c.id AND ${LIVE}
              AND NOT (r.user_id = $2 AND r.program_id = $3)) AS taken,
           (SELECT count(*)::int FROM coupon_redemptions r WHERE r.coupon_id = c.id AND ${LIVE}
              AND r.user_id = $2 AND r.program_id IS DISTINCT FROM $3) AS "takenByStudent",
           to_char(timezone('UTC', now())::date, 'YYYY-MM-DD') AS today
         FROM coupons c WHERE c.id = $1`, [id, userId, programId]);
      return rows[0] ?? null;
    },

    /** This student's redemption of this program's balance that is held or confirmed (expired holds included). */
    async current(userId: string, programId: string, q: Queryable = db) {
      const rows = await q.query<{ id: string; couponId: string; code: string; status: 'held' | 'confirmed'; discountCents: number; live: boolean }>(
        `SELECT r.id, r.coupon_id AS "couponId", c.code, r.status, r.discount_cents AS "discountCents", ${LIVE} AS live
         FROM coupon_redemptions r JOIN coupons c ON c.id = r.coupon_id
         WHERE r.user_id = $1 AND r.program_id = $2 AND r.status IN ('held', 'confirmed')`, [userId, programId]);
      return rows[0] ?? null;
    },

    /** Holds (or renews) the student's use of a coupon on a program, replacing any other held code of that balance. */
    async hold(tx: Queryable, couponId: string, userId: string, programId: string, discountCents: number, holdMs: number): Promise<void> {
      await tx.query(`UPDATE coupon_redemptions SET status = 'released', hold_expires_at = NULL
        WHERE user_id = $1 AND program_id = $2 AND status = 'held'`, [userId, programId]);
      await tx.query(
        `INSERT INTO coupon_redemptions (id, coupon_id, user_id, program_id, discount_cents, status, hold_expires_at)
         VALUES ($1, $2, $3, $4, $5, 'held', now() + $6::int * interval '1 millisecond')`,
        [randomUUID(), couponId, userId, programId, discountCents, holdMs]);
    },

    async renew(tx: Queryable, redemptionId: string, holdMs: number): Promise<void> {
      await tx.query(`UPDATE coupon_redemptions SET hold_expires_at = now() + $2::int * interval '1 millisecond'
        WHERE id = $1 AND status = 'held'`, [redemptionId, holdMs]);
    },

    /** The discount counted in the student's balance: a confirmed use, or a hold that has not expired. */
    async discountCents(userId: string, programId: string, q: Queryable = db): Promise<number> {
      const [row] = await q.query<{ cents: number }>(
        `SELECT coalesce(sum(r.discount_cents), 0)::int AS cents FROM coupon_redemptions r
         WHERE r.user_id = $1 AND r.program_id = $2 AND ${LIVE}`, [userId, programId]);
      return row!.cents;
    },

    /** Gives back a held use (the order was cancelled, or the student removed the code). */
    async release(userId: string, programId: string, q: Queryable = db): Promise<void> {
      await q.query(`UPDATE coupon_redemptions SET status = 'released', hold_expires_at = NULL
        WHERE user_id = $1 AND program_id = $2 AND status = 'held'`, [userId, programId]);
    },

    /**
     * In the transaction that records the payment: the held use becomes a redemption. A hold that expired while the
     * payer was at PayPal still counts here, as the capture renewed it just before (secureCouponBeforeCapture).
     */
    async confirm(q: Queryable, userId: string, programId: string, paymentId: string | null): Promise<void> {
      await q.query(`UPDATE coupon_redemptions SET status = 'confirmed', hold_expires_at = NULL, confirmed_at = now(), payment_id = $3
        WHERE user_id = $1 AND program_id = $2 AND status = 'held'`, [userId, programId, paymentId]);
    },
  };
}

export type CouponsRepository = ReturnType<typeof couponsRepository>;
