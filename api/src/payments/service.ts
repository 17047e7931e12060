import type { AppConfig } from '../config';
import { badRequest, notFound, unprocessable } from '../lib/http-errors';
import { isId } from '../lib/ids';
import { cancelOrder } from './cancel';
import { recordClientOrder } from './client-orders';
import type { PaymentDeps } from './deps';
import { createOrder, type CreateOrderInput } from './orders';
import { outcomeOf, type PaymentOutcome } from './outcome';
import { ownerOf, ownRow, providerOrder } from './own-order';
import { reconcileOrder } from './reconcile-order';
import { refundOperations } from './refunds';
import { hasPaid } from './rules';
import { owedBalance } from './balance';
import { settleOpenClaims, settleThenCapture } from './settle';
import { PAYMENT_TEXT } from './texts';

/** How long the check call waits for PayPal to settle an unknown capture before answering the balance as recorded. */
const CHECK_SETTLE_BUDGET_MS = 3000;

/**
 * The payment service: one straight path per operation. Each throws the spec's error (texts.ts) itself; the routes
 * only shape what it returns. Capturing settles the balance's other open claims first (settle.ts), then runs the
 * capture step, which never settles anything else; completion queues the receipt (completed.ts).
 */
export function paymentOperations(deps: PaymentDeps, config: AppConfig) {
  const { programs } = deps.repos;
  const refunds = refundOperations(deps);

  return {
    /** create-order and the redirect flow's start: a PayPal order at the database's price. */
    createOrder: (input: CreateOrderInput) => createOrder(deps, config, input),

    /** The check call (and the settle operation behind it): the caller's balance, unknown captures settled first. */
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
    async capture(userId: string, orderId: string, programId?: string): Promise<PaymentOutcome> {
      const row = await ownRow(deps, userId, orderId);
      if (!row) throw notFound(PAYMENT_TEXT.notFound);
      if (programId !== undefined && row.programId !== programId) throw badRequest(PAYMENT_TEXT.otherProgram);
      return outcomeOf(deps, await settleThenCapture(deps, row));
    },

    /** verify-payment: an order the browser created and captured; PayPal is asked, the browser is not believed. */
    async verify(userId: string, orderId: string, sessionId?: string): Promise<PaymentOutcome> {
      const row = await ownRow(deps, userId, orderId);
      if (row) return outcomeOf(deps, await settleThenCapture(deps, row));
      const order = await providerOrder(deps, orderId);
      // Orders that name their buyer (custom_id) can only be claimed by that buyer. One that names nobody is not
      // first come, first served: whoever learnt its id could enroll with someone else's money (issue 15). The
      // payer's PayPal email is no proof either, as account emails are not verified (decision 016).
      const owner = ownerOf(order);
      if (!owner) throw unprocessable(PAYMENT_TEXT.noBuyer);
      if (owner !== userId) throw notFound(PAYMENT_TEXT.notFound);
      const recorded = await recordClientOrder(deps, userId, orderId, order, sessionId);
      if (recorded.userId !== userId) throw notFound(PAYMENT_TEXT.notFound);
      return outcomeOf(deps, recorded);
    },

    cancel: (userId: string, orderId: string) => cancelOrder(deps, userId, orderId),

    /** Admin refunds through PayPal, and refunds PayPal reports (webhook). */
    refund: refunds.refund,
    refundFromWebhook: refunds.fromWebhook,

    /** Webhook reconciliation of one order; returns what was done, for the log. */
    reconcile: (orderId: string) => reconcileOrder(deps, orderId),
  };
}

export type PaymentOperations = ReturnType<typeof paymentOperations>;
