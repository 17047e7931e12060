import type { Db } from '../db/db';
import { escapeLike } from '../lib/keyset';
import { countedCents } from './balances';
import { COLUMNS, CREDIT_AFTER, DISCOUNT_AFTER } from './payments/sql';
import type { PaymentListRecord, PaymentStatus } from './payments/types';

/**
 * Counting stops here: an exact count of a million payments reads every row (about 300 ms), far more than a page.
 * Past it the admin sees "10,000+" and narrows with the search, status filter or order.
 */
export const PAYMENT_COUNT_LIMIT = 10_000;

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

// Sort key -> expression over the payment and its joined rows: the only names placed in SQL text. The id breaks ties.
const ORDER: Record<PaymentSort, string> = {
  createdAt: 'p.created_at',
  amount: 'p.amount_cents',
  status: 'p.status',
  user: 'lower(u.username)',
  program: 'lower(coalesce(pr.title, p.program_title))',
};

const NULLABLE = new Set<PaymentSort>(['user', 'program']);

/**
 * The payments a search matches, branch by branch, each along its own index (the payer's, the program's, the order
 * id's; trigram indexes find the users and programs). `${p}` is the ILIKE pattern's placeholder.
 */
const matchedIds = (p: string, status: string | null) => {
  const and = status ? ` AND m.status = ${status}` : '';
  return `SELECT m.id FROM payments m WHERE m.user_id IN (SELECT id FROM users WHERE username ILIKE ${p} OR email ILIKE ${p})${and}
  UNION ALL SELECT m.id FROM payments m WHERE m.program_id IN (SELECT id FROM programs WHERE title ILIKE ${p})${and}
  UNION ALL SELECT m.id FROM payments m WHERE m.program_id IS NULL AND m.program_title ILIKE ${p}${and}
  UNION ALL SELECT m.id FROM payments m WHERE m.paypal_order_id ILIKE ${p}${and}`;
};

/**
 * Up to this many matches a search is answered from the set of matching ids (read along their indexes, then
 * ordered); past it, by walking the list's order and keeping the rows that match, which finds a page at once when
 * matches are that common; the total is then not counted (the admin sees "2,000+" and narrows the search or filters
 * by status: counting every match walks the whole table when they are fewer than the count's limit). Each shape is slow where the other is fast, at 1,000,000 payments (EXPLAIN ANALYZE on
 * PostgreSQL 15): one payer's email (10 payments) took 500 ms walking and 17 ms as a set; a program title matching
 * 50,000 took 540 ms as a set and 4 ms walking.
 */
export const SEARCH_SET_LIMIT = 2_000;

const FROM = 'payments p LEFT JOIN users u ON u.id = p.user_id LEFT JOIN programs pr ON pr.id = p.program_id';

/**
 * What the student had paid toward the program up to and including this row (created order): the same sum the
 * whole list takes with a window over every payment, here taken for the page's rows only, along
 * payments_balance_idx (migration 012). Rows of a deleted account or program share one balance, as they share one
 * window partition: a missing id reads as the nil uuid on both sides.
 */
const NIL = "'00000000-0000-0000-0000-000000000000'::uuid";
const PAID_AFTER = `(SELECT sum(${countedCents('q.')}) FROM payments q
  WHERE coalesce(q.user_id, ${NIL}) = coalesce(p.user_id, ${NIL}) AND coalesce(q.program_id, ${NIL}) = coalesce(p.program_id, ${NIL})
    AND (q.created_at, q.id) <= (p.created_at, p.id))::int`;

/**
 * The admin's payments list, one page at a time with the total. The page's ids are chosen first (filter, order,
 * offset) over the payments and their joins, each condition answerable from an index of migrations 011-012; only
 * those rows are then read whole. The full list's window over a million payments is never computed for a page.
 */
export function paymentAdminRepository(db: Db, countLimit = PAYMENT_COUNT_LIMIT, searchSetLimit = SEARCH_SET_LIMIT) {
  return {
    async page(query: PaymentPageQuery): Promise<{ items: PaymentListRecord[]; total: number; totalCapped: boolean }> {
      const where: string[] = [];
      const params: unknown[] = [];
      let searchCapped = false;
      if (query.q) {
        const pattern = `%${escapeLike(query.q)}%`;
        // The branches' own work (a trigram search over every email) is most of a search: done once, here.
        const found = await db.query<{ id: string }>(`${matchedIds('$1', query.status ? '$2' : null)} LIMIT ${searchSetLimit + 1}`,
          query.status ? [pattern, query.status] : [pattern]);
        searchCapped = found.length > searchSetLimit;
        if (!searchCapped) {
          params.push([...new Set(found.map((row) => row.id))]);
          where.push(`p.id = ANY($${params.length}::uuid[])`);
        } else {
          params.push(pattern);
          const p = `$${params.length}`;
          where.push(`(p.user_id IN (SELECT id FROM users WHERE username ILIKE ${p} OR email ILIKE ${p})
            OR p.program_id IN (SELECT id FROM programs WHERE title ILIKE ${p})
            OR (p.program_id IS NULL AND p.program_title ILIKE ${p})
            OR p.paypal_order_id ILIKE ${p})`);
        }
      }
      if (query.status) {
        params.push(query.status);
        where.push(`p.status = $${params.length}`);
      }
      const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const direction = query.descending ? 'DESC' : 'ASC';
      // Rows without a value (a deleted account's name) sort last either way. Columns that are never null get no
      // NULLS clause: a descending one would no longer match its index, read backwards, and a page would sort them all.
      const nulls = NULLABLE.has(query.sort) ? ' NULLS LAST' : '';
      const order = `${ORDER[query.sort]} ${direction}${nulls}, p.id ${direction}`;
      const [counted, items] = await Promise.all([
        // The filter reads the payment alone (searches go through subqueries), so the count needs no join.
        searchCapped ? [{ n: searchSetLimit + 1 }] : db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM (SELECT 1 FROM payments p ${filter} LIMIT ${countLimit + 1}) AS counted`, params),
        db.query<PaymentListRecord>(
          `WITH page AS (
             SELECT p.id, row_number() OVER () AS position FROM (
               SELECT p.id FROM ${FROM} ${filter} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}
             ) AS p
           )
           SELECT ${COLUMNS}, u.username, u.email, pr.title AS "currentTitle", pr.price_cents AS "currentPriceCents",
             ${PAID_AFTER} AS "paidAfterCents", ${DISCOUNT_AFTER} AS "discountAfterCents", ${CREDIT_AFTER('p.')} AS "creditAfterCents"
           FROM page JOIN payments p ON p.id = page.id
             LEFT JOIN users u ON u.id = p.user_id LEFT JOIN programs pr ON pr.id = p.program_id
           ORDER BY page.position`,
          [...params, query.limit, query.offset],
        ),
      ]);
      const n = counted[0]!.n;
      const limit = searchCapped ? searchSetLimit : countLimit;
      return { items, total: Math.min(n, limit), totalCapped: n > limit };
    },
  };
}
