import { Type } from '@sinclair/typebox';

/** Coupon codes (issue 30, decision 044): a discount on a course's or quick program's price, checked on the server. */
export const COUPON_KINDS = ['percent', 'amount'] as const;
export const CouponKind = Type.Union(COUPON_KINDS.map((kind) => Type.Literal(kind)));
const Day = (description: string) => Type.Union([Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }), Type.Null()], { description });
const Limit = (description: string) => Type.Union([Type.Integer(), Type.Null()], { description });

export const Coupon = Type.Object({
  id: Type.String(),
  code: Type.String({ description: 'Upper-case; matched in any case' }),
  description: Type.String(),
  kind: CouponKind,
  percentOff: Type.Union([Type.Integer(), Type.Null()], { description: 'percent: 1-100' }),
  amountOff: Type.Union([Type.Number(), Type.Null()], { description: 'amount: dollars taken off' }),
  startsOn: Day('First valid day (UTC); null: from now'),
  endsOn: Day('Last valid day (UTC); null: no end'),
  maxRedemptions: Limit('Uses in total; null: no limit'),
  maxPerStudent: Limit('Uses per student; null: no limit'),
  allPrograms: Type.Boolean(),
  programIds: Type.Array(Type.String(), { description: 'The courses and quick programs it is for when allPrograms is false' }),
  active: Type.Boolean(),
  used: Type.Integer({ description: 'Confirmed redemptions' }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

const Nullable = <T extends ReturnType<typeof Type.Number>>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

export const CouponBody = Type.Object({
  code: Type.String({ maxLength: 100 }),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  kind: CouponKind,
  percentOff: Nullable(Type.Number()),
  amountOff: Nullable(Type.Number()),
  startsOn: Type.Optional(Type.Union([Type.String({ maxLength: 10 }), Type.Null()])),
  endsOn: Type.Optional(Type.Union([Type.String({ maxLength: 10 }), Type.Null()])),
  maxRedemptions: Nullable(Type.Number()),
  maxPerStudent: Nullable(Type.Number()),
  allPrograms: Type.Boolean(),
  programIds: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 500 })),
  active: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });

export const ApplyCouponBody = Type.Object({
  code: Type.String({ maxLength: 100 }),
  programId: Type.String({ maxLength: 64 }),
}, { additionalProperties: false });

/** What applying a code answers: the discount and what is left to pay, all in dollars. */
export const AppliedCouponResult = Type.Object({
  code: Type.String(),
  discount: Type.Number(),
  price: Type.Number({ description: 'The list price' }),
  amountPaid: Type.Number(),
  dueAmount: Type.Number({ description: 'What is left to pay after the discount' }),
  message: Type.String(),
});

export const FreeEnrollBody = Type.Object({
  programId: Type.String({ maxLength: 64 }),
  sessionId: Type.Optional(Type.String({ maxLength: 64 })),
}, { additionalProperties: false });
