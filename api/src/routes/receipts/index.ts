import { Type } from '@sinclair/typebox';
import { notFound } from '../../lib/http-errors';
import { isId } from '../../lib/ids';
import type { RoutePlugin } from '../../lib/type-provider';
import { loadReceipt } from '../../receipts/receipt';
import { IdParams, bearer, errors } from '../schemas';

export const RECEIPT_TEXT = { notFound: 'Receipt not found.' } as const;

export const ReceiptBody = Type.Object({
  paymentId: Type.String(),
  receiptNumber: Type.String(),
  issuedAt: Type.String({ format: 'date-time' }),
  status: Type.String(),
  student: Type.Union([Type.Object({ username: Type.String(), email: Type.String() }), Type.Null()]),
  program: Type.String(),
  amount: Type.Number(),
  refunded: Type.Number(),
  currency: Type.String(),
  balanceLeft: Type.Union([Type.Number(), Type.Null()]),
  paypalOrderId: Type.String(),
  institute: Type.Object({ name: Type.String(), address: Type.String(), phone: Type.String(), email: Type.String() }),
});

/** The printable receipt of a completed payment: its owner or an admin; anyone else gets 404 (decision 007). */
const receiptRoutes: RoutePlugin = async (app) => {
  app.get('/api/receipts/:id', {
    schema: {
      tags: ['Payments'], summary: 'The receipt of one of your completed payments (admin: any)', security: bearer,
      params: IdParams, response: { 200: ReceiptBody, ...errors(401, 404) },
    },
  }, async (request) => {
    const found = isId(request.params.id) ? await loadReceipt(app.repos.payments, request.params.id) : null;
    if (!found || (found.ownerId !== request.user.id && request.user.role !== 'admin')) throw notFound(RECEIPT_TEXT.notFound);
    return { ...found.receipt, institute: app.config.institute };
  });
};

export default receiptRoutes;
