import type { Static } from '@sinclair/typebox';
import type { Receipt as ReceiptSchema } from '@institute/shared/schemas';
import { centsToDollars } from '../lib/money';
import { balanceOf } from '../payments/rules';
import type { OfflineMethod, PaymentListRecord, PaymentsRepository } from '../repositories/payments';

/** How the receipt names a method of payment taken outside PayPal. */
export const OFFLINE_METHOD_NAMES: Record<OfflineMethod, string> = {
  cash: 'Cash', check: 'Check', bank_transfer: 'Bank transfer', sponsor: 'Employer or agency sponsor', financing: 'Financing',
};

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
      ? centsToDollars(balanceOf(price, row.paidAfterCents, row.discountAfterCents, row.creditAfterCents).dueCents)
      : null,
    paypalOrderId: row.paypalOrderId,
    agreement: row.agreementVersion !== null && row.agreementAcceptedAt !== null
      ? { version: row.agreementVersion, acceptedAt: new Date(row.agreementAcceptedAt).toISOString() }
      : null,
    ...(row.offlineMethod && row.paidOn
      ? { paidBy: { method: OFFLINE_METHOD_NAMES[row.offlineMethod], reference: row.offlineReference, paidOn: row.paidOn } }
      : {}),
    ...(row.creditAfterCents > 0 ? { credits: centsToDollars(row.creditAfterCents) } : {}),
    ...(row.voidedAt && row.voidReason ? { voided: { at: new Date(row.voidedAt).toISOString(), reason: row.voidReason } } : {}),
  };
}

/** The receipt of one payment, or null when it has none (never completed) or does not exist. */
export async function loadReceipt(payments: PaymentsRepository, paymentId: string): Promise<OwnedReceipt | null> {
  const row = await payments.listed(paymentId);
  const receipt = row ? toReceipt(row) : null;
  return row && receipt ? { ownerId: row.userId, receipt } : null;
}
