import type { Db, Queryable } from '../../db/db';
import { COLUMNS, LIST } from './sql';
import type { PaymentListRecord, PaymentRecord } from './types';

/** Payments and their programs, read one by one or as the lists the pages show. */
export function paymentReads(db: Db) {
  return {
    async byId(id: string, q: Queryable = db): Promise<PaymentRecord | null> {
      const rows = await q.query<PaymentRecord>(`SELECT ${COLUMNS} FROM payments p WHERE p.id = $1`, [id]);
      return rows[0] ?? null;
    },

    async byOrderId(orderId: string, q: Queryable = db): Promise<PaymentRecord | null> {
      const rows = await q.query<PaymentRecord>(`SELECT ${COLUMNS} FROM payments p WHERE p.paypal_order_id = $1`, [orderId]);
      return rows[0] ?? null;
    },

    /** The payment of a PayPal capture (refund events name the capture, not always the order). */
    async byCaptureId(captureId: string, q: Queryable = db): Promise<PaymentRecord | null> {
      const rows = await q.query<PaymentRecord>(`SELECT ${COLUMNS} FROM payments p WHERE p.paypal_capture_id = $1 ORDER BY p.created_at LIMIT 1`, [captureId]);
      return rows[0] ?? null;
    },

    async listed(id: string): Promise<PaymentListRecord | null> {
      const rows = await db.query<PaymentListRecord>(`${LIST} WHERE listed.id = $1`, [id]);
      return rows[0] ?? null;
    },

    list(): Promise<PaymentListRecord[]> {
      return db.query<PaymentListRecord>(`${LIST} ORDER BY listed."createdAt" DESC, listed.id`);
    },

    listByUser(userId: string): Promise<PaymentListRecord[]> {
      return db.query<PaymentListRecord>(`${LIST} WHERE listed."userId" = $1 ORDER BY listed."createdAt" DESC, listed.id`, [userId]);
    },

    /** Course or quick program, by id (the page links each to its own checkout). */
    async programKinds(ids: string[]): Promise<Map<string, 'course' | 'quick_program'>> {
      if (ids.length === 0) return new Map();
      const rows = await db.query<{ id: string; kind: 'course' | 'quick_program' }>('SELECT id, kind FROM programs WHERE id = ANY($1::uuid[])', [ids]);
      return new Map(rows.map((row) => [row.id, row.kind]));
    },

    /** The program as it is now, read inside the caller's transaction. */
    async program(programId: string, q: Queryable = db): Promise<{ title: string; priceCents: number } | null> {
      const rows = await q.query<{ title: string; priceCents: number }>(
        'SELECT title, price_cents AS "priceCents" FROM programs WHERE id = $1',
        [programId],
      );
      return rows[0] ?? null;
    },
  };
}
