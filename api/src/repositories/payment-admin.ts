import type { Db } from '../db/db';
import { LIST, type PaymentListRecord, type PaymentStatus } from './payments';

export type PaymentSort = 'createdAt' | 'amount' | 'status' | 'user' | 'program';
export interface PaymentPageQuery {
  offset: number;
  limit: number;
  sort: PaymentSort;
  descending: boolean;
  /** Part of the payer's name or email, the program's title or the PayPal order id, any case. */
  q?: string;
  status?: PaymentStatus;
}

// Sort key -> expression over the listed row: the only names placed in SQL text. The id breaks ties.
const ORDER: Record<PaymentSort, string> = {
  createdAt: 'listed."createdAt"',
  amount: 'listed."amountCents"',
  status: 'listed.status',
  user: 'lower(listed.username)',
  program: 'lower(coalesce(listed."currentTitle", listed."programTitle"))',
};

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The admin's payments list, one page at a time with the total, over the same rows as the full list. */
export function paymentAdminRepository(db: Db) {
  return {
    async page(query: PaymentPageQuery): Promise<{ items: PaymentListRecord[]; total: number }> {
      const where: string[] = [];
      const params: unknown[] = [];
      if (query.q) {
        params.push(likePattern(query.q));
        const p = `$${params.length}`;
        where.push(`(listed.username ILIKE ${p} OR listed.email ILIKE ${p} OR listed."paypalOrderId" ILIKE ${p}
          OR coalesce(listed."currentTitle", listed."programTitle") ILIKE ${p})`);
      }
      if (query.status) {
        params.push(query.status);
        where.push(`listed.status = $${params.length}`);
      }
      const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const direction = query.descending ? 'DESC' : 'ASC';
      // Rows without a value (a deleted account's name) sort last either way.
      const [counted, items] = await Promise.all([
        db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${LIST} ${filter}) AS matching`, params),
        db.query<PaymentListRecord>(
          `${LIST} ${filter} ORDER BY ${ORDER[query.sort]} ${direction} NULLS LAST, listed.id ${direction}
           LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
          [...params, query.limit, query.offset],
        ),
      ]);
      return { items, total: counted[0]!.n };
    },
  };
}
