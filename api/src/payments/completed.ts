import type { Queryable } from '../db/db';
import type { Repositories } from '../repositories';

/** The payment that has just become COMPLETED, as the event needs it. */
export interface CompletedPayment {
  id: string;
  userId: string | null;
}

/**
 * The "payment completed" domain event (decisions 020, 053): the student's receipt email, written to the outbox in
 * the transaction that completes the payment, so it exists exactly when the completion does. Every path that
 * completes a payment (PayPal capture, return, verify, webhook, reconciler, offline payment) calls this once it has
 * made the row COMPLETED. The dedupe key makes replays and concurrent completions one email. The email is rendered
 * when it is sent, from the payment (its number comes from the receipt trigger of the same statement).
 */
export async function paymentCompleted(repos: Pick<Repositories, 'users' | 'emailOutbox'>, tx: Queryable, payment: CompletedPayment): Promise<void> {
  // An account deleted since it ordered has nobody to write to.
  const payer = payment.userId ? await repos.users.findById(payment.userId, tx) : null;
  if (!payer) return;
  await repos.emailOutbox.enqueue({ kind: 'receipt', toEmail: payer.email, templateParams: { paymentId: payment.id }, dedupeKey: `receipt:${payment.id}` }, tx);
}
