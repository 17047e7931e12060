import { Type } from '@sinclair/typebox';
import { Enrollment } from '@institute/shared/schemas';
import { centsToDollars } from '../../lib/money';
import type { RoutePlugin } from '../../lib/type-provider';
import { balanceOf } from '../../payments/rules';
import { SETTLED_STATUSES, type PaymentListRecord } from '../../repositories/payments';
import { bearer, errors } from '../schemas';

/** "My learning": each program the student has paid into, with its balance and receipts (decision 020). */
const learningRoutes: RoutePlugin = async (app) => {
  app.get('/api/payments/learning', {
    schema: {
      tags: ['Payments'], summary: "The caller's programs: paid, due and receipts, newest first", security: bearer,
      response: { 200: Type.Array(Enrollment), ...errors(401) },
    },
  }, async (request) => {
    const rows = await app.repos.payments.listByUser(request.user.id);
    const byProgram = new Map<string, PaymentListRecord[]>();
    for (const row of rows) {
      // Programs since deleted cannot be paid into any more; their receipts stay in My Payments.
      if (!row.programId || row.currentTitle === null || !SETTLED_STATUSES.includes(row.status)) continue;
      byProgram.set(row.programId, [...(byProgram.get(row.programId) ?? []), row]);
    }
    const kinds = await app.repos.payments.programKinds([...byProgram.keys()]);
    const discounts = new Map<string, number>();
    for (const programId of byProgram.keys()) discounts.set(programId, await app.repos.coupons.discountCents(request.user.id, programId));
    return [...byProgram.entries()].map(([programId, paid]) => {
      const newest = paid[0]!;
      const priceCents = newest.currentPriceCents ?? 0;
      // A coupon is taken off the price, so a discounted course paid in full shows nothing left to pay (issue 30).
      const balance = balanceOf(priceCents, Math.max(...paid.map((row) => row.paidAfterCents)), discounts.get(programId) ?? 0);
      return {
        programId,
        kind: kinds.get(programId) ?? 'course',
        title: newest.currentTitle!,
        price: centsToDollars(priceCents),
        paid: centsToDollars(balance.paidCents),
        due: centsToDollars(balance.dueCents),
        receipts: paid.filter((row) => row.receiptNumber).map((row) => ({
          paymentId: row.id,
          receiptNumber: row.receiptNumber!,
          amount: centsToDollars(row.amountCents),
          refunded: centsToDollars(row.refundedCents),
          status: row.status,
          date: new Date(row.completedAt ?? row.createdAt).toISOString(),
        })),
      };
    });
  });
};

export default learningRoutes;
