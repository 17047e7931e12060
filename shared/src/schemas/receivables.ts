import { Type } from '@sinclair/typebox';

/** Who owes what (issue 30, decision 050): balances aged by their due date, in dollars. */
const Aged = {
  notYetDue: Type.Number({ description: 'Due date still ahead' }),
  dueNow: Type.Number({ description: 'Due today' }),
  overdue1To30: Type.Number({ description: '1 to 30 days past due' }),
  overdue31To60: Type.Number({ description: '31 to 60 days past due' }),
  overdue61Plus: Type.Number({ description: 'More than 60 days past due' }),
  total: Type.Number(),
};

export const ReceivablesTotals = Type.Object(Aged);

export const Receivable = Type.Object({
  student: Type.Union([Type.Object({ id: Type.String(), username: Type.String(), email: Type.String() }), Type.Null()], {
    description: 'The student of a per-student row; null in the per-session view',
  }),
  program: Type.Object({ id: Type.String(), title: Type.String() }),
  session: Type.Union([Type.Object({ id: Type.String(), startsOn: Type.String() }), Type.Null()], { description: 'null: no class session' }),
  students: Type.Integer({ description: 'Students owing in this row' }),
  dueOn: Type.String({ description: 'The earliest due date of the money in this row (YYYY-MM-DD)' }),
  ...Aged,
});

export const ReceivablesPage = Type.Object({
  items: Type.Array(Receivable),
  total: Type.Integer({ description: 'Rows matching the search' }),
  page: Type.Integer(),
  limit: Type.Integer(),
  totals: ReceivablesTotals,
});

export const RECEIVABLES_SORTS = ['name', 'program', 'dueOn', 'total', 'overdue'] as const;
