import type { Queryable } from '../db/db';
import type { PaymentDeps } from './deps';
import { balanceOf, type Balance } from './rules';

/**
 * What one student owes for one program, as every payment path judges it: the price now, less the coupon counted in
 * the balance (confirmed, or held and not expired), less the money counted (decision 007; issue 30, decision 044).
 * `exceptPaymentId` leaves one payment out (the one being judged); `fallbackPriceCents` prices a deleted program.
 */
export async function owedBalance(
  deps: Pick<PaymentDeps, 'repos'>, userId: string, programId: string,
  options: { q?: Queryable; exceptPaymentId?: string | null; fallbackPriceCents?: number | null } = {},
): Promise<Balance> {
  const { payments, coupons } = deps.repos;
  const program = await payments.program(programId, options.q);
  const price = program?.priceCents ?? options.fallbackPriceCents ?? 0;
  const paid = await payments.paidCents(userId, programId, options.q, options.exceptPaymentId ?? null);
  const discount = await coupons.discountCents(userId, programId, options.q);
  return balanceOf(price, paid, Math.min(discount, price));
}
