import { badRequest, conflict, HttpError, notFound, unprocessable } from '../lib/http-errors';
import { isId } from '../lib/ids';
import type { PaymentRecord } from '../repositories/payments';
import { captureRow, settleFromOrder, settleOpenClaims, settleWithPayPal } from './capture';
import { recordClientOrder } from './client-orders';
import type { PaymentDeps } from './deps';
import { ORDER_ID } from './orders';
import { PayPalError } from './paypal-client';
import type { PayPalOrder } from './paypal-types';
import { balanceOf, hasPaid, type Balance } from './rules';
import { owedBalance } from './balance';
import { PAYMENT_TEXT } from './texts';

/** How long the check call waits for PayPal to settle an unknown capture before answering the balance as recorded. */
const CHECK_SETTLE_BUDGET_MS = 3000;

/**
 * The signed-in user's payment operations and the webhook's reconciliation. Another user's order is a 404, not
 * a 403: an order id is as good as a receipt number, and a 403 would confirm that it exists (decision 007).
 */
export function paymentOperations(deps: PaymentDeps) {
  const { payments, programs, users } = deps.repos;

  /** The caller's own row for an order id, or 404. */
  async function ownRow(userId: string, orderId: string): Promise<PaymentRecord | null> {
    if (!ORDER_ID.test(orderId)) throw notFound(PAYMENT_TEXT.notFound);
    const row = await payments.byOrderId(orderId);
    if (row && row.userId !== userId) throw notFound(PAYMENT_TEXT.notFound);
    return row;
  }

  /** PayPal's view of an order we have no row for; 404 when PayPal does not know it (or it is not ours). */
  async function providerOrder(orderId: string): Promise<PayPalOrder> {
    try {
      return await deps.paypal.getOrder(orderId);
    } catch (error) {
      if (error instanceof PayPalError && (error.providerStatus === 404 || error.providerStatus === 403)) throw notFound(PAYMENT_TEXT.notFound);
      throw error;
    }
  }

  const ownerOf = (order: PayPalOrder) => order.purchase_units?.[0]?.custom_id;

  return {
    /** Balance of one program for one user: what the check route and the payment responses report. */
    async balance(userId: string | null, programId: string | null, fallbackPriceCents: number | null = null): Promise<Balance> {
      if (userId && programId) return owedBalance(deps, userId, programId, { fallbackPriceCents });
      const program = programId ? await programs.find(programId) : null;
      return balanceOf(program?.priceCents ?? fallbackPriceCents ?? 0, 0);
    },

    async check(userId: string, programId: string) {
      const program = isId(programId) ? await programs.find(programId) : null;
      if (!program) throw notFound(PAYMENT_TEXT.programNotFound);
      // A capture whose answer was lost is settled from PayPal first, so the balance counts money PayPal holds.
      // Best effort and bounded: when PayPal cannot say within CHECK_SETTLE_BUDGET_MS, the balance is answered as
      // recorded (the settling goes on in the background, and the reconciler tries again).
      const settling = settleOpenClaims(deps, userId, program.id, null, { captureApproved: false }).catch((error: unknown) =>
        deps.log.warn({ err: error, programId }, 'unsettled captures could not be settled from PayPal now'));
      let budget: NodeJS.Timeout | undefined;
      await Promise.race([settling, new Promise<void>((resolve) => {
        budget = setTimeout(resolve, CHECK_SETTLE_BUDGET_MS);
      })]);
      clearTimeout(budget);
      const balance = await owedBalance(deps, userId, program.id);
      return { hasPaid: hasPaid(balance), balance };
    },

    /** capture-order and complete-payment: captures one of the caller's orders (a replay returns the record). */
    async capture(userId: string, orderId: string, programId?: string): Promise<PaymentRecord> {
      const row = await ownRow(userId, orderId);
      if (!row) throw notFound(PAYMENT_TEXT.notFound);
      if (programId !== undefined && row.programId !== programId) throw badRequest(PAYMENT_TEXT.otherProgram);
      return captureRow(deps, row);
    },

    /** verify-payment: an order the browser created and captured; PayPal is asked, the browser is not believed. */
    async verify(userId: string, orderId: string, sessionId?: string): Promise<PaymentRecord> {
      const row = await ownRow(userId, orderId);
      if (row) return captureRow(deps, row);
      const order = await providerOrder(orderId);
      // Orders that name their buyer (custom_id) can only be claimed by that buyer. One that names nobody is not
      // first come, first served: whoever learnt its id could enroll with someone else's money (issue 15). The
      // payer's PayPal email is no proof either, as account emails are not verified (decision 016).
      const owner = ownerOf(order);
      if (!owner) throw unprocessable(PAYMENT_TEXT.noBuyer);
      if (owner !== userId) throw notFound(PAYMENT_TEXT.notFound);
      const recorded = await recordClientOrder(deps, userId, orderId, order, sessionId);
      if (recorded.userId !== userId) throw notFound(PAYMENT_TEXT.notFound);
      return recorded;
    },

    /** The payer's cancel: only an order not yet captured; cancelling twice is fine. */
    async cancel(userId: string, orderId: string): Promise<void> {
      const row = await ownRow(userId, orderId);
      if (!row) {
        // A browser-made order we never recorded: nothing of ours to mark, but do not pretend about a paid one.
        const order = await providerOrder(orderId);
        const owner = ownerOf(order);
        if (owner && owner !== userId) throw notFound(PAYMENT_TEXT.notFound);
        if (order.status === 'COMPLETED') throw conflict(PAYMENT_TEXT.alreadyCompleted);
        return;
      }
      if (row.status === 'COMPLETED' || row.status === 'REJECTED') throw conflict(PAYMENT_TEXT.alreadyCompleted);
      if (row.status !== 'CREATED') return;
      if (payments.isInFlight(row, deps.paypal.claimWindowMs)) throw conflict(PAYMENT_TEXT.inProgress);
      if (row.captureClaimedAt || row.captureUnknownAt || row.paypalCaptureId) {
        // A capture was sent: only PayPal can say whether money was taken (decision 011).
        await settleWithPayPal(deps, row, { captureApproved: false });
        const settled = await payments.byOrderId(orderId);
        if (settled?.status === 'COMPLETED' || settled?.status === 'REJECTED') throw conflict(PAYMENT_TEXT.alreadyCompleted);
        if (settled?.status !== 'CREATED') return;
        if (settled.paypalCaptureId) throw conflict(PAYMENT_TEXT.inProgress);
        await payments.releaseClaim(row.id);
      }
      if (await payments.cancel(row.id, PAYMENT_TEXT.byPayer)) {
        // The seat and the coupon held for this order are free again at once, not when their holds would have expired.
        if (row.enrollmentId) await deps.repos.enrollments.release(row.enrollmentId);
        if (row.sessionId) await deps.repos.waitlist.offerFreedSeats(row.sessionId);
        if (row.userId && row.programId) await deps.repos.coupons.release(row.userId, row.programId);
        return;
      }
      const now = await payments.byOrderId(orderId);
      if (now?.status === 'CREATED') throw conflict(PAYMENT_TEXT.inProgress);
      if (now?.status === 'COMPLETED' || now?.status === 'REJECTED') throw conflict(PAYMENT_TEXT.alreadyCompleted);
    },

    /**
     * Webhook reconciliation, by order id: an approved order of ours that nobody captured (the browser closed) is
     * captured; a completed capture we have not recorded is recorded, including browser-made orders that name
     * their buyer. Returns what was done, for the log.
     */
    async reconcile(orderId: string): Promise<string> {
      if (!ORDER_ID.test(orderId)) return 'ignored: not an order id';
      const row = await payments.byOrderId(orderId);
      if (row && row.status !== 'CREATED' && row.status !== 'CANCELLED') return `already ${row.status}`;
      let order: PayPalOrder;
      try {
        order = await deps.paypal.getOrder(orderId);
      } catch (error) {
        if (error instanceof PayPalError && error.kind === 'refused') return `ignored: PayPal answered ${error.providerStatus}`;
        throw error;
      }
      if (row && order.status === 'COMPLETED') return `recorded ${(await settleFromOrder(deps, row, order)).status}`;
      // No money is taken for an account deleted since it ordered.
      if (row && order.status === 'APPROVED' && row.status === 'CREATED' && row.userId) {
        try {
          return `captured: ${(await captureRow(deps, row)).status}`;
        } catch (error) {
          // A business refusal (over the due, declined) is final for this event; PayPal need not retry it.
          if (error instanceof HttpError && error.statusCode < 500) return `not captured: ${error.message}`;
          throw error;
        }
      }
      if (row || order.status !== 'COMPLETED') return `nothing to do (order ${String(order.status)})`;
      const owner = ownerOf(order);
      if (!isId(owner) || !(await users.findById(owner))) return 'ignored: a browser-made order without a known buyer';
      try {
        return `recorded ${(await recordClientOrder(deps, owner, orderId, order)).status}`;
      } catch (error) {
        if (error instanceof HttpError && error.statusCode < 500) return `not recorded: ${error.message}`;
        throw error;
      }
    },
  };
}

export type PaymentOperations = ReturnType<typeof paymentOperations>;
