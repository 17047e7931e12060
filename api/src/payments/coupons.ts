import type { Queryable } from '../db/db';
import { badRequest, conflict, notFound } from '../lib/http-errors';
import { formatDollars } from '../lib/money';
import type { CouponForRedemption, CouponRecord } from '../repositories/coupons';
import type { PaymentRecord } from '../repositories/payments';
import { owedBalance } from './balance';
import type { PaymentDeps } from './deps';
import { SEAT_HOLD_MS } from './seats';

/** A code is kept while the student is at PayPal, as long as a seat is (decision 036). */
export const COUPON_HOLD_MS = SEAT_HOLD_MS;

const day = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

export const COUPON_TEXT = {
  unknown: 'This coupon code is not valid. Check the code and try again.',
  inactive: 'This coupon is no longer offered.',
  notYet: (startsOn: string) => `This coupon is valid from ${day(startsOn)}.`,
  expired: (endsOn: string) => `This coupon expired on ${day(endsOn)}.`,
  otherProgram: 'This coupon is not valid for this course or program.',
  usedUp: 'This coupon has been used up.',
  perStudent: (limit: number) => `You have already used this coupon ${limit === 1 ? 'once' : `${limit} times`}, its limit per student.`,
  aboveDue: (discount: string, due: string) => `This coupon takes off ${discount}, more than what is left to pay (${due}).`,
  nothingDue: 'Nothing is left to pay for this course or program, so no coupon can be applied.',
  alreadyRedeemed: (code: string) => `Coupon ${code} was already used for this course or program; one coupon applies to a balance.`,
  throttled: (wait: string) => `Too many coupon codes tried. Please try again in ${wait}.`,
  lostCoupon: 'The coupon of this payment could no longer be used (its last use went to another student, or it ended) while this payment was open, so it was cancelled. No money was taken.',
  raced: 'Another coupon was applied to this course or program at the same moment. Please try again.',
  coversAll: 'Your coupon covers the whole price, so there is nothing to pay: enroll without a payment.',
  noFreeCoupon: 'No coupon covering the whole price is applied to this course or program.',
  freeEnrolled: 'You are enrolled. Your coupon covers the whole price, so there is nothing to pay.',
} as const;

/** What a coupon takes off a price, in cents: a percent rounds to the cent. */
export function discountOf(coupon: Pick<CouponRecord, 'kind' | 'percentOff' | 'amountOffCents'>, priceCents: number): number {
  return coupon.kind === 'percent' ? Math.round((priceCents * (coupon.percentOff ?? 0)) / 100) : (coupon.amountOffCents ?? 0);
}

/** Why this student may not use this coupon on this program now; null when they may. */
function refusal(coupon: CouponForRedemption, programId: string): Error | null {
  if (!coupon.active) return conflict(COUPON_TEXT.inactive);
  if (coupon.startsOn && coupon.today < coupon.startsOn) return conflict(COUPON_TEXT.notYet(coupon.startsOn));
  if (coupon.endsOn && coupon.today > coupon.endsOn) return conflict(COUPON_TEXT.expired(coupon.endsOn));
  if (!coupon.allPrograms && !coupon.programIds.includes(programId)) return badRequest(COUPON_TEXT.otherProgram);
  if (coupon.maxPerStudent !== null && coupon.takenByStudent >= coupon.maxPerStudent) return conflict(COUPON_TEXT.perStudent(coupon.maxPerStudent));
  if (coupon.maxRedemptions !== null && coupon.taken >= coupon.maxRedemptions) return conflict(COUPON_TEXT.usedUp);
  return null;
}

export const normalizeCode = (code: string) => code.trim().toUpperCase();

/**
 * Checks a code for one student's balance of one program and holds one use of it (replacing another held code),
 * all under the coupon's row lock. Throws 404 for an unknown code, 409/400 with the reason otherwise. The discount
 * never exceeds what is left to pay: a coupon worth more is refused, one worth exactly that leaves nothing to pay.
 */
export async function holdCoupon(
  deps: Pick<PaymentDeps, 'repos'>, userId: string, programId: string, rawCode: string, inTransaction?: Queryable,
): Promise<{ code: string; discountCents: number }> {
  const { coupons } = deps.repos;
  const code = normalizeCode(rawCode);
  const run = <T>(fn: (tx: Queryable) => Promise<T>) => (inTransaction ? fn(inTransaction) : coupons.transaction(fn));
  return run(async (tx): Promise<{ code: string; discountCents: number }> => {
    const coupon = await coupons.lockByCode(tx, code, userId, programId);
    if (!coupon) throw notFound(COUPON_TEXT.unknown);
    const current = await coupons.current(userId, programId, tx);
    if (current?.status === 'confirmed') throw conflict(COUPON_TEXT.alreadyRedeemed(current.code));
    const reason = refusal(coupon, programId);
    if (reason) throw reason;
    // What is left to pay before any held code: the balance without this student's own hold.
    await coupons.release(userId, programId, tx);
    const balance = await owedBalance(deps, userId, programId, { q: tx });
    if (balance.dueCents === 0) throw conflict(COUPON_TEXT.nothingDue);
    const discountCents = discountOf(coupon, balance.priceCents);
    if (discountCents > balance.dueCents) throw badRequest(COUPON_TEXT.aboveDue(formatDollars(discountCents), formatDollars(balance.dueCents)));
    await coupons.hold(tx, coupon.id, userId, programId, discountCents, COUPON_HOLD_MS);
    return { code: coupon.code, discountCents };
  }).catch((error: unknown) => {
    // Two codes applied to one balance at the same moment: the one-per-balance index keeps one; the other may retry.
    if ((error as { code?: string } | null)?.code === '23505') throw conflict(COUPON_TEXT.raced);
    throw error;
  });
}

/**
 * Just before a capture: a code the order was priced with must still be held. A hold that expired while the payer
 * was at PayPal is taken again when a use is left; when none is (another student took the last, or the coupon ended),
 * the hold is released and true is answered: the caller cancels a server-made order uncaptured.
 */
export async function secureCouponBeforeCapture(deps: Pick<PaymentDeps, 'repos'>, row: Pick<PaymentRecord, 'userId' | 'programId' | 'status'>): Promise<boolean> {
  if (!row.userId || !row.programId || row.status !== 'CREATED') return false;
  const { coupons } = deps.repos;
  const current = await coupons.current(row.userId, row.programId);
  if (!current || current.status !== 'held') return false;
  const { userId, programId } = row;
  return coupons.transaction(async (tx) => {
    const coupon = await coupons.lockByCode(tx, current.code, userId, programId);
    if (coupon && !refusal(coupon, programId)) {
      await coupons.renew(tx, current.id, COUPON_HOLD_MS);
      return false;
    }
    await coupons.release(userId, programId, tx);
    return true;
  });
}
