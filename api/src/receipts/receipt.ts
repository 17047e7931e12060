import type { Static } from '@sinclair/typebox';
import type { Receipt as ReceiptSchema } from '@institute/shared/schemas';
import { centsToDollars } from '../lib/money';
import { balanceOf } from '../payments/rules';
import type { PaymentListRecord, PaymentsRepository } from '../repositories/payments';

/**
 * A receipt as the page and the email show it, money in dollars: the contract's shape (one declaration for the API
 * and the site), without the institute's details, which the route adds from the configuration.
 */
export type Receipt = Omit<Static<typeof ReceiptSchema>, 'institute'>;

/** Only the owner and the admin may read it; who is asking is the route's business. */
export interface OwnedReceipt {
  ownerId: string | null;
  receipt: Receipt;
}

export function toReceipt(row: PaymentListRecord): Receipt | null {
  if (!row.receiptNumber) return null;
  const price = row.currentPriceCents ?? row.priceCents;
  return {
    paymentId: row.id,
    receiptNumber: row.receiptNumber,
    issuedAt: new Date(row.completedAt ?? row.createdAt).toISOString(),
    status: row.status,
    student: row.username !== null && row.email !== null ? { username: row.username, email: row.email, legalName: row.legalName ?? null } : null,
    program: row.currentTitle ?? row.programTitle ?? 'Removed program',
    amount: centsToDollars(row.amountCents),
    refunded: centsToDollars(row.refundedCents),
    currency: row.currency,
    balanceLeft: row.userId !== null && row.programId !== null && price !== null
      ? centsToDollars(balanceOf(price, row.paidAfterCents, row.discountAfterCents).dueCents)
      : null,
    paypalOrderId: row.paypalOrderId,
    agreement: row.agreementVersion !== null && row.agreementAcceptedAt !== null
      ? { version: row.agreementVersion, acceptedAt: new Date(row.agreementAcceptedAt).toISOString() }
      : null,
  };
}

/** The receipt of one payment, or null when it has none (never completed) or does not exist. */
export async function loadReceipt(payments: PaymentsRepository, paymentId: string): Promise<OwnedReceipt | null> {
  const row = await payments.listed(paymentId);
  const receipt = row ? toReceipt(row) : null;
  return row && receipt ? { ownerId: row.userId, receipt } : null;
}
