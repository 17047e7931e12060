import { Type } from '@sinclair/typebox';

export const PAYMENT_STATUSES = ['CREATED', 'COMPLETED', 'CANCELLED', 'FAILED', 'REJECTED', 'REFUNDED', 'PARTIALLY_REFUNDED', 'VOIDED'] as const;
export const PaymentStatus = Type.Union(PAYMENT_STATUSES.map((status) => Type.Literal(status)));

/** A payment as the admin table and the payer see it (spec section 3); amounts in dollars. */
export const Payment = Type.Object({
  _id: Type.String(),
  user: Type.Union([Type.Object({ username: Type.String(), email: Type.String() }), Type.Null()]),
  program: Type.Union([Type.Object({ title: Type.String(), price: Type.Number() }), Type.Null()]),
  amount: Type.Number(),
  currency: Type.String(),
  /** Null for a payment taken outside PayPal (decision 043). */
  paypalOrderId: Type.Union([Type.String(), Type.Null()]),
  status: PaymentStatus,
  /** Present when PayPal took more than was due (two captures of one balance): dollars owed back (decision 011). */
  refundDue: Type.Optional(Type.Number({ description: 'Dollars of this payment above what was due, to be refunded' })),
  paidAmount: Type.Number({ description: 'Dollars of this payment counted as paid: amount less refundDue or refunds (the larger) when settled, else 0' }),
  /** Refunded through PayPal so far (decision 020); present when above 0. */
  refunded: Type.Optional(Type.Number()),
  /** The receipt of a completed payment, e.g. 2026-000123 (page /receipts/<_id>); null before completion. */
  receiptNumber: Type.Union([Type.String(), Type.Null()]),
  /** A payment taken outside PayPal (decision 043): how, and, once voided, when and why. */
  offline: Type.Optional(Type.Object({
    method: Type.String({ description: 'Cash, Check, Bank transfer, Employer or agency sponsor, Financing' }),
    reference: Type.Union([Type.String(), Type.Null()]),
    paidOn: Type.String(),
    note: Type.Union([Type.String(), Type.Null()]),
    voidReason: Type.Union([Type.String(), Type.Null()]),
  })),
  dueAfter: Type.Union([Type.Number(), Type.Null()], {
    description: "Dollars still due on the program for this student right after this payment (the check call's dueAmount " +
      'at that point, at the current price); null when the account or the program is gone',
  }),
  createdAt: Type.String({ format: 'date-time' }),
});

/** A row of the admin's payments list: whose balance it is, so the row opens that student's ledger (issue 30). */
export const AdminPayment = Type.Composite([Payment, Type.Object({
  userId: Type.Union([Type.String(), Type.Null()], { description: 'null when the account is gone' }),
  programId: Type.Union([Type.String(), Type.Null()], { description: 'null when the program is gone' }),
})]);

/** capture, complete and verify: the payment plus the program's balance after it. */
export const PaymentResult = Type.Object({
  message: Type.String(),
  payment: Payment,
  amountPaid: Type.Number({ description: 'Dollars paid so far for this program (completed payments)' }),
  dueAmount: Type.Number({ description: 'Dollars still due: max(price - credits - amountPaid, 0)' }),
});

/** The coupon counted in a student's balance (issue 30): confirmed, or held while they check out. */
export const AppliedCoupon = Type.Object({
  code: Type.String(),
  discount: Type.Number({ description: 'Dollars taken off the price' }),
  confirmed: Type.Boolean({ description: 'false: held for this checkout; given back when the order is cancelled or abandoned' }),
});

export const CheckResult = Type.Object({
  hasPaid: Type.Boolean(),
  amountPaid: Type.Number(),
  dueAmount: Type.Number({ description: 'Dollars still due: max(price - discount - amountPaid, 0)' }),
  coupon: Type.Optional(AppliedCoupon),
});

const OrderId = Type.String({ minLength: 1, maxLength: 256, description: 'A PayPal order id' });
const Amount = Type.Number({ description: 'Dollars to pay now; the price itself comes from the database' });

const SessionId = Type.Optional(Type.String({
  minLength: 1, maxLength: 256,
  description: 'The class session paid for (issue 29); without it the earliest open session with a seat is taken',
}));

export const AmountBody = Type.Object({ amount: Amount, sessionId: SessionId }, { additionalProperties: false });
export const StartBody = Type.Object(
  { amount: Amount, courseId: Type.String({ minLength: 1, maxLength: 256, description: 'A course or quick program id' }), sessionId: SessionId },
  { additionalProperties: false },
);
export const CaptureBody = Type.Object({ orderID: OrderId, programID: Type.String({ minLength: 1, maxLength: 256 }) }, { additionalProperties: false });
export const CompleteBody = Type.Object(
  { token: OrderId, payerID: Type.String({ minLength: 1, maxLength: 256, description: 'PayerID from the return URL' }) },
  { additionalProperties: false },
);
export const VerifyBody = Type.Object({ orderID: OrderId, sessionId: SessionId }, { additionalProperties: false });
export const TokenParams = Type.Object({ token: Type.String() });

export const OrderCreated = Type.Object({ orderID: Type.String() });
export const PaymentStarted = Type.Object({ approval_url: Type.String() });

export const RefundBody = Type.Object(
  {
    /** Dollars; omitted: everything still refundable. */
    amount: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
    reason: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export const RefundResult = Type.Object({ message: Type.String(), payment: Payment });

/** GET /api/payments/learning: one program the student has paid into. */
export const Enrollment = Type.Object({
  programId: Type.String(),
  kind: Type.Union([Type.Literal('course'), Type.Literal('quick_program')]),
  title: Type.String(),
  price: Type.Number(),
  paid: Type.Number({ description: 'Dollars counted toward the program (refunds taken off)' }),
  credit: Type.Optional(Type.Number({ description: 'Dollars of scholarships, adjustments and discounts on the balance (decision 043); present when above 0' })),
  due: Type.Number({ description: 'Dollars still due: max(price - credit - paid, 0)' }),
  receipts: Type.Array(Type.Object({
    paymentId: Type.String(),
    receiptNumber: Type.String(),
    amount: Type.Number(),
    refunded: Type.Number(),
    status: Type.String(),
    date: Type.String({ format: 'date-time' }),
  })),
});

/** GET /api/receipts/:id: the printable receipt of a completed payment (owner or admin). */
export const Receipt = Type.Object({
  paymentId: Type.String(),
  receiptNumber: Type.String(),
  issuedAt: Type.String({ format: 'date-time' }),
  status: Type.String(),
  student: Type.Union([Type.Object({ username: Type.String(), email: Type.String(), legalName: Type.Optional(Type.Union([Type.String(), Type.Null()])) }), Type.Null()]),
  program: Type.String(),
  amount: Type.Number(),
  refunded: Type.Number(),
  currency: Type.String(),
  balanceLeft: Type.Union([Type.Number(), Type.Null()]),
  /** Null for a payment taken outside PayPal, which names its method instead (decision 043). */
  paypalOrderId: Type.Union([Type.String(), Type.Null()]),
  /** The enrollment agreement the student had accepted when the seat was taken; null for a payment without a seat. */
  agreement: Type.Optional(Type.Union([Type.Object({ version: Type.Integer(), acceptedAt: Type.String({ format: 'date-time' }) }), Type.Null()])),
  paidBy: Type.Optional(Type.Object({ method: Type.String(), reference: Type.Union([Type.String(), Type.Null()]), paidOn: Type.String() })),
  /** Credits on this balance when the receipt was issued (scholarships, adjustments, discounts); present when any. */
  credits: Type.Optional(Type.Number()),
  voided: Type.Optional(Type.Object({ at: Type.String({ format: 'date-time' }), reason: Type.String() })),
  institute: Type.Object({ name: Type.String(), address: Type.String(), phone: Type.String(), email: Type.String() }),
});
