import { Type } from '@sinclair/typebox';
import { Enrollment } from '@institute/shared/schemas';
import { centsToDollars } from '../../lib/money';
import type { RoutePlugin } from '../../lib/type-provider';
import { balanceOf } from '../../payments/rules';
import { bearer, errors } from '../schemas';

/**
 * "My learning": each program the student has paid into, been given a credit in or been enrolled in (decisions 020,
 * 043), with its balance and receipts.
 */
const learningRoutes: RoutePlugin = async (app) => {
  app.get('/api/payments/learning', {
    schema: {
      tags: ['Payments'], summary: "The caller's programs: paid, due and receipts, newest first", security: bearer,
      response: { 200: Type.Array(Enrollment), ...errors(401) },
    },
  }, async (request) => {
    const [programs, rows] = await Promise.all([
      app.repos.balances.programsOf(request.user.id),
      app.repos.payments.listByUser(request.user.id),
    ]);
    return programs.map((program) => {
      const balance = balanceOf(program.priceCents, program.paidCents, program.discountCents, program.creditCents);
      const receipts = rows.filter((row) => row.programId === program.programId && row.receiptNumber);
      return {
        programId: program.programId,
        kind: program.kind,
        title: program.title,
        price: centsToDollars(program.priceCents),
        paid: centsToDollars(balance.paidCents),
        ...(balance.creditCents + balance.discountCents > 0 ? { credit: centsToDollars(balance.creditCents + balance.discountCents) } : {}),
        due: centsToDollars(balance.dueCents),
        receipts: receipts.map((row) => ({
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
