import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export interface PaymentRow {
  userId: string | null;
  programId: string | null;
  amountCents: number;
  status: string;
  /** When the payment was made (created and, when settled, completed). */
  at: string;
  refundedCents?: number;
  title?: string;
}

/** Writes payment rows as they stand after their flows ran: fixtures with known totals for lists and aggregates. */
export async function insertPayments(app: FastifyInstance, rows: PaymentRow[]): Promise<string[]> {
  const ids: string[] = [];
  for (const row of rows) {
    const id = randomUUID();
    const settled = ['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED'].includes(row.status);
    await app.db.query(
      `INSERT INTO payments (id, user_id, program_id, program_title, price_cents, amount_cents, currency, flow, paypal_order_id,
         status, refunded_cents, created_at, updated_at, completed_at)
       VALUES ($1, $2, $3, $4, 100000, $5, 'USD', 'buttons', $6, $7, $8, $9, $9, $10)`,
      [id, row.userId, row.programId, row.title ?? 'Fixture program', row.amountCents, `FIXTURE-${id}`, row.status,
        row.refundedCents ?? 0, row.at, settled ? row.at : null],
    );
    ids.push(id);
  }
  return ids;
}
