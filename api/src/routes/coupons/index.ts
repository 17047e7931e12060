import { AppliedCouponResult, ApplyCouponBody, FreeEnrollBody, IdParams } from '@institute/shared/schemas';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { conflict, HttpError, notFound } from '../../lib/http-errors';
import { isId } from '../../lib/ids';
import { centsToDollars, formatDollars } from '../../lib/money';
import type { RoutePlugin } from '../../lib/type-provider';
import { owedBalance } from '../../payments/balance';
import { COUPON_TEXT, holdCoupon } from '../../payments/coupons';
import type { PaymentDeps } from '../../payments/deps';
import { seatForPayment } from '../../payments/seats';
import { PAYMENT_TEXT } from '../../payments/texts';
import { tooMany } from '../auth/throttle';
import { bearer, errors } from '../schemas';
import couponAdminRoutes from './admin';

const tags = ['Coupons'];

export const appliedMessage = (code: string, discountCents: number, dueCents: number) =>
  dueCents === 0
    ? `Coupon ${code} applied: ${formatDollars(discountCents)} off. Nothing is left to pay.`
    : `Coupon ${code} applied: ${formatDollars(discountCents)} off. ${formatDollars(dueCents)} left to pay.`;

/**
 * Coupons at checkout (issue 30, decision 044): a student applies a code to one program's balance (checked and held
 * under the coupon's row lock), removes it, or, when it covers the whole price, enrolls without a payment. Refused
 * codes are counted per student and per address like failed sign-ins, so codes cannot be guessed in bulk.
 */
const couponRoutes: RoutePlugin = async (app) => {
  await app.register(couponAdminRoutes);
  const deps: PaymentDeps = { repos: app.repos, paypal: app.paypal, log: app.log.child({ module: 'coupons' }) };
  const { authAttempts, coupons, programs } = app.repos;
  const limits = app.config.couponThrottle;

  /** Counts the attempt before it is checked (so simultaneous guesses cannot slip past), takes it back when it succeeds. */
  async function throttled<T>(request: FastifyRequest, reply: FastifyReply, attempt: () => Promise<T>): Promise<T> {
    const keys: [string, number][] = [[`coupon-user:${request.user.id}`, limits.perUser], [`coupon-ip:${request.ip}`, limits.perIp]];
    const counts = [];
    for (const [key] of keys) counts.push(await authAttempts.add(key, limits.windowMs));
    const takeBack = async () => {
      for (const [key] of keys) await authAttempts.remove(key);
    };
    const spent = counts.filter((count, i) => count.attempts > keys[i]![1]);
    if (spent.length) {
      await takeBack();
      throw tooMany(reply, Math.max(...spent.map((count) => count.retryAfterSeconds)), COUPON_TEXT.throttled);
    }
    try {
      const result = await attempt();
      await takeBack();
      return result;
    } catch (error) {
      // Only a refused code counts; a fault of ours is not the student's guess.
      if (!(error instanceof HttpError) || error.statusCode >= 500) await takeBack();
      throw error;
    }
  }

  async function programOf(id: string) {
    const program = isId(id) ? await programs.find(id) : null;
    if (!program) throw notFound(PAYMENT_TEXT.programNotFound);
    return program;
  }

  app.post('/api/coupons/apply', {
    schema: {
      tags, summary: "Apply a code to the caller's balance of a course or program: checked, and held while they pay",
      security: bearer, body: ApplyCouponBody, response: { 200: AppliedCouponResult, ...errors(400, 401, 404, 409, 429) },
    },
  }, async (request, reply) => {
    const program = await programOf(request.body.programId);
    const userId = request.user.id;
    const held = await throttled(request, reply, () => holdCoupon(deps, userId, program.id, request.body.code));
    const balance = await owedBalance(deps, userId, program.id);
    return {
      code: held.code, discount: centsToDollars(held.discountCents), price: centsToDollars(balance.priceCents),
      amountPaid: centsToDollars(balance.paidCents), dueAmount: centsToDollars(balance.dueCents),
      message: appliedMessage(held.code, held.discountCents, balance.dueCents),
    };
  });

  app.delete('/api/coupons/apply/:id', {
    schema: {
      tags, summary: "Remove the code held on the caller's balance of a program (a confirmed one stays); again is fine",
      security: bearer, params: IdParams, response: { 204: Type.Null(), ...errors(401, 404) },
    },
  }, async (request, reply) => {
    const program = await programOf(request.params.id);
    await coupons.release(request.user.id, program.id);
    return reply.code(204).send(null);
  });

  app.post('/api/coupons/enroll', {
    schema: {
      tags, summary: 'Enroll with a held coupon that covers the whole price: no PayPal payment, the seat taken, the coupon redeemed',
      security: bearer, body: FreeEnrollBody, response: { 201: Type.Object({ message: Type.String() }), ...errors(400, 401, 404, 409) },
    },
  }, async (request, reply) => {
    const program = await programOf(request.body.programId);
    const userId = request.user.id;
    const current = await coupons.current(userId, program.id);
    const balance = await owedBalance(deps, userId, program.id);
    if (current?.status !== 'held' || !current.live || balance.dueCents > 0 || balance.paidCents > 0) throw conflict(COUPON_TEXT.noFreeCoupon);
    const seat = await seatForPayment(deps, userId, program.id, request.body.sessionId);
    try {
      await coupons.transaction(async (tx) => {
        // The last use may have gone to another student since the hold expired: checked again under the lock.
        const { discountCents } = await holdCoupon(deps, userId, program.id, current.code, tx);
        if (discountCents < balance.priceCents) throw conflict(COUPON_TEXT.noFreeCoupon);
        await coupons.confirm(tx, userId, program.id, null);
        if (seat) await app.repos.enrollments.paymentCompleted(tx, seat.enrollmentId, 0);
      });
    } catch (error) {
      if (seat?.heldNow) await app.repos.enrollments.release(seat.enrollmentId);
      throw error;
    }
    return reply.code(201).send({ message: COUPON_TEXT.freeEnrolled });
  });
};

export default couponRoutes;
