import { IdParams, Receipt } from '@institute/shared/schemas';
import { notFound } from '../../lib/http-errors';
import { isId } from '../../lib/ids';
import type { RoutePlugin } from '../../lib/type-provider';
import { loadReceipt } from '../../receipts/receipt';
import { bearer, errors } from '../schemas';

export const RECEIPT_TEXT = { notFound: 'Receipt not found.' } as const;

/** The printable receipt of a completed payment: its owner or an admin; anyone else gets 404 (decision 007). */
const receiptRoutes: RoutePlugin = async (app) => {
  app.get('/api/receipts/:id', {
    schema: {
      tags: ['Payments'], summary: 'The receipt of one of your completed payments (admin: any)', security: bearer,
      params: IdParams, response: { 200: Receipt, ...errors(401, 404) },
    },
  }, async (request) => {
    const found = isId(request.params.id) ? await loadReceipt(app.repos.payments, request.params.id) : null;
    if (!found || (found.ownerId !== request.user.id && request.user.role !== 'admin')) throw notFound(RECEIPT_TEXT.notFound);
    return { ...found.receipt, institute: app.config.institute };
  });
};

export default receiptRoutes;
