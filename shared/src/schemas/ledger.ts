import { Type } from '@sinclair/typebox';
import { Payment } from './payments';

/** The ledger (issue 30, decision 043): money taken outside PayPal, credits on a balance, voids, manual enrollment. */
export const OFFLINE_METHODS = ['cash', 'check', 'bank_transfer', 'sponsor', 'financing'] as const;
export const OfflineMethod = Type.Union(OFFLINE_METHODS.map((method) => Type.Literal(method)));
export const ADJUSTMENT_KINDS = ['scholarship', 'adjustment'] as const;

const Id = Type.String({ minLength: 1, maxLength: 256 });
const RequestId = Type.Optional(Type.String({
  minLength: 1, maxLength: 64, description: 'A UUID chosen by the caller: a retried request records nothing twice',
}));
const Dollars = Type.Number({ description: 'Dollars above 0, at most two decimals' });
const Reason = Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' });

export const OfflinePaymentBody = Type.Object({
  id: RequestId,
  userId: Id,
  programId: Id,
  sessionId: Type.Optional(Id),
  amount: Dollars,
  method: OfflineMethod,
  reference: Type.Optional(Type.String({ maxLength: 200 })),
  paidOn: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'The day the money was taken (YYYY-MM-DD)' }),
  note: Type.Optional(Type.String({ maxLength: 1000 })),
  overBalance: Type.Union([Type.Literal('refuse'), Type.Literal('credit')], {
    description: 'Above the balance due: refuse (409, nothing recorded) or keep the excess as a credit',
  }),
}, { additionalProperties: false });

export const AdjustmentBody = Type.Object({
  id: RequestId,
  userId: Id,
  programId: Id,
  kind: Type.Union(ADJUSTMENT_KINDS.map((kind) => Type.Literal(kind))),
  amount: Dollars,
  reason: Reason,
}, { additionalProperties: false });

export const VoidBody = Type.Object({ reason: Reason }, { additionalProperties: false });

export const ManualEnrollmentBody = Type.Object({ userId: Id, programId: Id, sessionId: Type.Optional(Id) }, { additionalProperties: false });

/** A balance as the ledger answers it, in dollars. */
export const LedgerBalance = Type.Object({
  price: Type.Number(),
  paid: Type.Number(),
  credit: Type.Number(),
  due: Type.Number({ description: 'max(price - credit - paid, 0)' }),
});

export const OfflinePaymentResult = Type.Object({ message: Type.String(), payment: Payment, balance: LedgerBalance });

export const Adjustment = Type.Object({
  id: Type.String(),
  programId: Type.Union([Type.String(), Type.Null()]),
  program: Type.String(),
  kind: Type.String({ description: "scholarship, adjustment, coupon, ... (open: other sources of credit add theirs)" }),
  amount: Type.Number(),
  reason: Type.String(),
  createdBy: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  voidedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  voidReason: Type.Union([Type.String(), Type.Null()]),
});
export const AdjustmentResult = Type.Object({ message: Type.String(), adjustment: Adjustment, balance: LedgerBalance });

/** One program in a student's ledger: its balance, the seats, and what the admin may void. */
export const LedgerProgram = Type.Object({
  programId: Type.String(),
  kind: Type.Union([Type.Literal('course'), Type.Literal('quick_program')]),
  title: Type.String(),
  balance: LedgerBalance,
  enrollments: Type.Array(Type.Object({
    id: Type.String(),
    sessionId: Type.Union([Type.String(), Type.Null()]),
    startsOn: Type.Union([Type.String(), Type.Null()]),
    status: Type.String(),
  })),
  /** Payments recorded by the institute (voided ones included: they stay on record). */
  offlinePayments: Type.Array(Payment),
  adjustments: Type.Array(Adjustment),
});

/** GET /api/admin/ledger/students/:id: every program a student owes, paid into, was credited in or seated in. */
export const StudentLedger = Type.Object({
  user: Type.Object({ id: Type.String(), username: Type.String(), email: Type.String() }),
  programs: Type.Array(LedgerProgram),
});
