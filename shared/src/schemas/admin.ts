import { Type } from '@sinclair/typebox';

const Money = Type.Number({ description: 'US dollars' });

/** GET /api/admin/stats: every figure a SQL aggregate over the range. */
export const AdminStats = Type.Object({
  from: Type.String(),
  to: Type.String(),
  totals: Type.Object({ revenue: Money, payments: Type.Integer(), enrollments: Type.Integer(), newStudents: Type.Integer() }),
  revenueByMonth: Type.Array(Type.Object({ month: Type.String({ description: 'YYYY-MM' }), revenue: Money, payments: Type.Integer() })),
  paymentsByStatus: Type.Array(Type.Object({ status: Type.String(), count: Type.Integer(), amount: Money })),
  enrollmentsByProgram: Type.Array(Type.Object({ programId: Type.Union([Type.String(), Type.Null()]), title: Type.String(), enrollments: Type.Integer() })),
  newStudentsByWeek: Type.Array(Type.Object({ week: Type.String({ description: 'The Monday, YYYY-MM-DD' }), students: Type.Integer() })),
});

/** GET /api/emails/unsent (admin): mail given up or still retrying after a failure. */
export const UnsentEmail = Type.Object({
  _id: Type.String(),
  kind: Type.String(),
  to: Type.String(),
  status: Type.Union([Type.Literal('PENDING'), Type.Literal('FAILED')]),
  attempts: Type.Integer(),
  lastError: Type.Union([Type.String(), Type.Null()]),
  nextAttemptAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
});
