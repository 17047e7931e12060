import type { Queryable } from '../db/db';
import type { Repositories } from '../repositories';
import type { RecordedRefund } from '../repositories/payment-refunds';
import type { PaymentRecord } from '../repositories/payments';

/**
 * The "payment refunded" domain event (decisions 020, 053): the student's refund email, written to the outbox in
 * the transaction that records the refund, so it exists exactly when the refund does (a rolled-back refund has
 * none). Every path that records a refund (the admin's refund answered, resumed or completed by its webhook, a
 * refund made in PayPal reported by its webhook or read from the order) calls this once the refund is recorded.
 * The key `refund:<refund id>` makes a replayed or concurrent report one email.
 */
export async function paymentRefunded(
  repos: Pick<Repositories, 'users' | 'emailOutbox'>, tx: Queryable,
  payment: Pick<PaymentRecord, 'id' | 'userId' | 'programTitle' | 'receiptNumber'>, refund: RecordedRefund,
): Promise<void> {
  // An account deleted since it paid has nobody to write to.
  const payer = payment.userId ? await repos.users.findById(payment.userId, tx) : null;
  if (!payer) return;
  await repos.emailOutbox.enqueue({
    kind: 'refund', toEmail: payer.email, dedupeKey: `refund:${refund.id}`,
    templateParams: {
      toName: payer.username, paymentId: payment.id, refundId: refund.id, program: payment.programTitle ?? 'your program',
      amount: refund.amountCents / 100, refundedTotal: refund.refundedCents / 100, receiptNumber: payment.receiptNumber ?? '',
    },
  }, tx);
}
