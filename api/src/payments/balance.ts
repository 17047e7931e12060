import type { Queryable } from '../db/db';
import type { PaymentDeps } from './deps';
import type { Balance } from './rules';

/**
 * What one student owes for one program, as every payment path judges it: price - the coupon's discount - credits -
 * counted payments, computed in one place (repositories/balances.ts; decisions 007, 043, 044). `exceptPaymentId`
 * leaves one payment out (the one being judged); `fallbackPriceCents` prices a deleted program.
 */
export function owedBalance(
  deps: Pick<PaymentDeps, 'repos'>, userId: string, programId: string,
  options: { q?: Queryable; exceptPaymentId?: string | null; fallbackPriceCents?: number | null } = {},
): Promise<Balance> {
  const { q, ...rest } = options;
  return deps.repos.balances.of(userId, programId, rest, q);
}
