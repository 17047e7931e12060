import { Type } from '@sinclair/typebox';
import type { RoutePlugin } from '../../lib/type-provider';
import type { PaymentSort } from '../../repositories/payment-admin';
import type { PaymentStatus } from '../../repositories/payments';
import { toPayment } from '../payments/mapper';
import { Payment } from '../payments/schemas';
import { bearer, errors } from '../schemas';
import { PageOf, pageQuerySchema, readPageQuery } from './list-query';

const SORTS: readonly PaymentSort[] = ['createdAt', 'amount', 'status', 'user', 'program'];
const STATUSES: readonly PaymentStatus[] = ['CREATED', 'COMPLETED', 'CANCELLED', 'FAILED', 'REJECTED', 'REFUNDED', 'PARTIALLY_REFUNDED'];
const PaymentsQuery = pageQuerySchema(SORTS, { status: Type.Optional(Type.Union(STATUSES.map((s) => Type.Literal(s)))) });

/** The admin's payments list a page at a time: sorted, searched and filtered in SQL, with the total. */
const paymentAdminRoutes: RoutePlugin = async (app) => {
  app.get('/api/admin/payments', {
    preHandler: app.requireRole('admin'),
    schema: {
      tags: ['Payments'], summary: 'One page of payments, newest first unless sorted otherwise (admin)', security: bearer,
      querystring: PaymentsQuery, response: { 200: PageOf(Payment), ...errors(400, 401, 403) },
    },
  }, async (request) => {
    const query = request.query as { page?: string; limit?: string; sort?: string; q?: string; status?: PaymentStatus };
    const params = readPageQuery<PaymentSort>(query, '-createdAt');
    const { items, total } = await app.repos.paymentAdmin.page({ ...params, ...(query.status ? { status: query.status } : {}) });
    return { items: items.map(toPayment), total, page: params.page, limit: params.limit };
  });
};

export default paymentAdminRoutes;
