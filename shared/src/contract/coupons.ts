/** Coupon codes (issue 30): the types of the API's schemas. Money is US dollars as numbers, days `YYYY-MM-DD`. */
import type { Static } from '@sinclair/typebox';
import type * as Schemas from '../schemas';

export type Coupon = Static<typeof Schemas.Coupon>;
export type CouponKind = Coupon['kind'];
/** What the admin's form sends to create or edit a coupon. */
export type CouponInput = Static<typeof Schemas.CouponBody>;
/** POST /api/coupons/apply: the discount and what is left to pay. */
export type AppliedCouponResponse = Static<typeof Schemas.AppliedCouponResult>;
/** The coupon counted in the check call's balance. */
export type AppliedCoupon = Static<typeof Schemas.AppliedCoupon>;
