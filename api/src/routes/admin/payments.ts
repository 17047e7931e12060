import { Type } from '@sinclair/typebox';
import { AdminPayment, PageOf, PaymentStatus } from '@institute/shared/schemas';
import type { RoutePlugin } from '../../lib/type-provider';
import type { PaymentSort } from '../../repositories/payment-admin';
import type { PaymentStatus as StoredStatus } from '../../repositories/payments';
import { toPayment } from '../payments/mapper';
import { bearer, errors } from '../schemas';
import { pageQuerySchema, readPageQuery } from './list-query';

const SORTS: readonly PaymentSort[] = ['createdAt', 'amount', 'status', 'user', 'program'];
const PaymentsQuery = pageQuerySchema(SORTS, { status: Type.Optional(PaymentStatus) });

/** The admin's payments list a page at a time: sorted, searched and filtered in SQL, with the total. */
const paymentAdminRoutes: RoutePlugin = async (app) => {
  app.get('/api/admin/payments', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags: ['Payments'], summary: 'One page of payments, newest first unless sorted otherwise (admin)', security: bearer,
      querystring: PaymentsQuery, response: { 200: PageOf(AdminPayment), ...errors(400, 401, 403) },
    },
  }, async (request) => {
    const query = request.query as { page?: string; limit?: string; sort?: string; q?: string; status?: StoredStatus };
    const params = readPageQuery<PaymentSort>(query, '-createdAt');
    const { items, total, totalCapped } = await app.repos.paymentAdmin.page({ ...params, ...(query.status ? { status: query.status } : {}) });
    const rows = items.map((row) => ({ ...toPayment(row), userId: row.userId, programId: row.programId }));
    return { items: rows, total, ...(totalCapped ? { totalCapped } : {}), page: params.page, limit: params.limit };
  });
};

export default paymentAdminRoutes;
