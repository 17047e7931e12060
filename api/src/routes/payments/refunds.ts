import { IdParams, RefundBody, RefundResult } from '@institute/shared/schemas';
import { badRequest } from '../../lib/http-errors';
import { dollarsToCents } from '../../lib/money';
import type { RoutePlugin } from '../../lib/type-provider';
import { bearer, errors } from '../schemas';
import { toPayment } from './mapper';

/** Admin refunds through PayPal (decision 020): full or partial, never more than captured. */
const refundRoutes: RoutePlugin = async (app) => {
  app.post('/api/payments/:id/refunds', {
    onRequest: app.requireRole('admin'),
    config: { requestTimeoutMs: app.paypal.requestDeadlineMs },
    schema: {
      tags: ['Payments'], summary: 'Refund a completed payment in full or in part through PayPal (admin)', security: bearer,
      params: IdParams, body: RefundBody, response: { 200: RefundResult, ...errors(400, 401, 403, 404, 422, 502) },
    },
  }, async (request) => {
    let amountCents: number | null = null;
    if (request.body.amount !== undefined) {
      amountCents = dollarsToCents(request.body.amount);
      if (amountCents === null) throw badRequest('Amount must be a positive amount of dollars with at most 2 decimals.');
    }
    const reason = request.body.reason?.trim() || null;
    const { message } = await app.payments.refund({ paymentId: request.params.id, amountCents, reason, adminId: request.user.id });
    const listed = await app.repos.payments.listed(request.params.id);
    return { message, payment: toPayment(listed!) };
  });
};

export default refundRoutes;
