import type { Db } from '../db/db';
import { escapeLike } from '../lib/keyset';
import { dueItemsSql } from './due-items';

/**
 * Who owes what (issue 30, decision 050): every balance still due, aged by its due date, per student (one row per
 * student and course) or per class session (one row per course and session, students summed). Search, order,
 * paging and totals are computed in SQL; the CSV reads the same rows a chunk at a time.
 */
export type ReceivablesView = 'student' | 'session';
export type ReceivablesSort = 'name' | 'program' | 'dueOn' | 'total' | 'overdue';

export interface ReceivablesQuery {
  view: ReceivablesView;
  offset: number;
  limit: number;
  sort: ReceivablesSort;
  descending: boolean;
  /** Part of the student's name or email, or of the course's title, any case. */
  q?: string;
}

export interface AgedCents {
  notYetDueCents: number;
  dueNowCents: number;
  overdue1To30Cents: number;
  overdue31To60Cents: number;
  overdue61PlusCents: number;
  totalCents: number;
}

export interface ReceivableRow extends AgedCents {
  userId: string | null;
  username: string | null;
  email: string | null;
  programId: string;
  programTitle: string;
  sessionId: string | null;
  startsOn: string | null;
  /** Students owing in this row: 1 per student, the count per session. */
  students: number;
  /** The earliest due date of the row's money (YYYY-MM-DD). */
  dueOn: string;
}

/**
 * The money still open, item by item, with its due date: the payment plans' instalments, or without a plan the whole
 * balance due on the session's first day (the enrollment's or first payment's day without a session). `dueItemsSql`
 * is the one definition (decision 051) and counts every payment and credit through `balances.ts` (decision 043).
 */
const OWED = `
  items AS (
    SELECT d.user_id, d.program_id, d.session_id, s.starts_on, d.due_on, d.open_cents AS due_cents
    FROM ${dueItemsSql()} AS d LEFT JOIN class_sessions s ON s.id = d.session_id
    WHERE d.open_cents > 0)`;

/** Days past due -> bucket: 0 is due now; 1-30, 31-60 and 61 or more are overdue; before the due date, not yet due. */
const AGED = `
  sum(CASE WHEN current_date < i.due_on THEN i.due_cents ELSE 0 END)::bigint AS "notYetDueCents",
  sum(CASE WHEN current_date = i.due_on THEN i.due_cents ELSE 0 END)::bigint AS "dueNowCents",
  sum(CASE WHEN current_date - i.due_on BETWEEN 1 AND 30 THEN i.due_cents ELSE 0 END)::bigint AS "overdue1To30Cents",
  sum(CASE WHEN current_date - i.due_on BETWEEN 31 AND 60 THEN i.due_cents ELSE 0 END)::bigint AS "overdue31To60Cents",
  sum(CASE WHEN current_date - i.due_on > 60 THEN i.due_cents ELSE 0 END)::bigint AS "overdue61PlusCents",
  sum(i.due_cents)::bigint AS "totalCents"`;

const GROUPS: Record<ReceivablesView, { select: string; group: string; name: string }> = {
  student: {
    select: `i.user_id AS "userId", u.username, u.email, i.program_id AS "programId", pr.title AS "programTitle",
      i.session_id AS "sessionId", to_char(i.starts_on, 'YYYY-MM-DD') AS "startsOn", 1 AS students`,
    group: 'i.user_id, u.username, u.email, i.program_id, pr.title, i.session_id, i.starts_on',
    name: 'lower(u.username)',
  },
  session: {
    select: `NULL::uuid AS "userId", NULL AS username, NULL AS email, i.program_id AS "programId", pr.title AS "programTitle",
      i.session_id AS "sessionId", to_char(i.starts_on, 'YYYY-MM-DD') AS "startsOn", count(*)::int AS students`,
    group: 'i.program_id, pr.title, i.session_id, i.starts_on',
    name: 'lower(pr.title)',
  },
};

const ORDER: Record<ReceivablesSort, (view: ReceivablesView) => string> = {
  name: (view) => GROUPS[view].name,
  program: () => 'lower(pr.title)',
  dueOn: () => 'min(i.due_on)',
  total: () => 'sum(i.due_cents)',
  overdue: () => 'sum(CASE WHEN current_date > i.due_on THEN i.due_cents ELSE 0 END)',
};

const toNumber = (row: Record<string, unknown>, keys: string[]) => {
  for (const key of keys) row[key] = Number(row[key] ?? 0);
};
const MONEY = ['notYetDueCents', 'dueNowCents', 'overdue1To30Cents', 'overdue31To60Cents', 'overdue61PlusCents', 'totalCents'];

export function receivablesRepository(db: Db) {
  function filtered(q: string | undefined) {
    if (!q) return { where: '', params: [] as unknown[] };
    return {
      where: 'WHERE (u.username ILIKE $1 OR u.email ILIKE $1 OR pr.title ILIKE $1)',
      params: [`%${escapeLike(q)}%`] as unknown[],
    };
  }
  const from = 'items i JOIN users u ON u.id = i.user_id JOIN programs pr ON pr.id = i.program_id';

  async function rows(query: ReceivablesQuery): Promise<ReceivableRow[]> {
    const { where, params } = filtered(query.q);
    const group = GROUPS[query.view];
    const direction = query.descending ? 'DESC' : 'ASC';
    // Ties break on the group's own columns, so pages never repeat or skip a row.
    const ties = query.view === 'student' ? 'i.user_id, i.program_id' : 'i.program_id, i.session_id';
    const found = await db.query<ReceivableRow & Record<string, unknown>>(
      `WITH ${OWED}
       SELECT ${group.select}, to_char(min(i.due_on), 'YYYY-MM-DD') AS "dueOn", ${AGED}
       FROM ${from} ${where} GROUP BY ${group.group}
       ORDER BY ${ORDER[query.sort](query.view)} ${direction}, ${ties} ${direction} NULLS LAST
       LIMIT ${query.limit} OFFSET ${query.offset}`,
      params,
    );
    for (const row of found) toNumber(row, MONEY);
    return found;
  }

  return {
    rows,

    /** One page and, over every row the search matches, their count and the totals of each column. */
    async page(query: ReceivablesQuery): Promise<{ items: ReceivableRow[]; total: number; totals: AgedCents }> {
      const { where, params } = filtered(query.q);
      const group = GROUPS[query.view];
      const [items, [summary]] = await Promise.all([
        rows(query),
        db.query<AgedCents & { groups: number } & Record<string, unknown>>(
          `WITH ${OWED}
           SELECT (SELECT count(*) FROM (SELECT 1 FROM ${from} ${where} GROUP BY ${group.group}) AS g)::int AS groups, ${AGED}
           FROM ${from} ${where}`,
          params,
        ),
      ]);
      toNumber(summary!, MONEY);
      const { groups, ...totals } = summary!;
      return { items, total: groups, totals: totals as AgedCents };
    },
  };
}

export type ReceivablesRepository = ReturnType<typeof receivablesRepository>;
