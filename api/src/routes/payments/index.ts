import { Type } from '@sinclair/typebox';
import { IdParams, AmountBody, CaptureBody, CheckResult, OrderCreated, Payment, PaymentResult } from '@institute/shared/schemas';
import type { RoutePlugin } from '../../lib/type-provider';
import { centsToDollars } from '../../lib/money';
import { orderIdOf } from '../../repositories/payments';
import { bearer, errors } from '../schemas';
import paymentFlowRoutes from './flows';
import learningRoutes from './learning';
import { toPayment, toPaymentResult } from './mapper';
import refundRoutes from './refunds';
import paymentWebhookRoutes from './webhook';

/** The program page's calls (PayPal buttons) and the payment lists; every route is the signed-in user's own. */
const paymentsRoutes: RoutePlugin = async (app) => {
  const tags = ['Payments'];
  await app.register(paymentFlowRoutes);
  // Its own context: it reads JSON bodies as text, to verify their signature byte for byte.
  await app.register(paymentWebhookRoutes);
  await app.register(refundRoutes);
  await app.register(learningRoutes);

  app.post('/api/payments/create-order/:id', {
    preHandler: app.paymentOrderLimit,
    config: { requestTimeoutMs: app.paypal.requestDeadlineMs },
    schema: {
      tags, summary: 'Create a PayPal order for a course or quick program (price from the database)', security: bearer,
      params: IdParams, body: AmountBody, response: { 201: OrderCreated, ...errors(400, 401, 404, 409, 422, 429, 502) },
    },
  }, async (request, reply) => {
    const { payment } = await app.payments.createOrder({
      userId: request.user.id, programId: request.params.id, amount: request.body.amount, flow: 'buttons', sessionId: request.body.sessionId,
    });
    return reply.code(201).send({ orderID: orderIdOf(payment) });
  });

  app.post('/api/payments/capture-order', {
    config: { requestTimeoutMs: app.paypal.requestDeadlineMs },
    schema: {
      tags, summary: 'Capture an approved order of the caller and record it once', security: bearer, body: CaptureBody,
      response: { 200: PaymentResult, ...errors(400, 401, 404, 409, 422, 502) },
    },
  }, async (request) => {
    return toPaymentResult(await app.payments.capture(request.user.id, request.body.orderID, request.body.programID));
  });

  app.get('/api/payments/check/:id', {
    schema: {
      tags, summary: "The caller's balance for a program", security: bearer, params: IdParams,
      response: { 200: CheckResult, ...errors(401, 404) },
    },
  }, async (request) => {
    const { hasPaid, balance } = await app.payments.check(request.user.id, request.params.id);
    const coupon = await app.repos.coupons.current(request.user.id, request.params.id);
    // A held coupon covering the rest is not yet an enrollment: the student still confirms it (POST /api/coupons/enroll).
    return {
      hasPaid: hasPaid && coupon?.status !== 'held', amountPaid: centsToDollars(balance.paidCents), dueAmount: centsToDollars(balance.dueCents),
      ...(coupon?.live ? { coupon: { code: coupon.code, discount: centsToDollars(coupon.discountCents), confirmed: coupon.status === 'confirmed' } } : {}),
    };
  });

  app.get('/api/payments', {
    onRequest: app.requireRole('admin'),
    schema: { tags, summary: 'All payments, newest first (admin)', security: bearer, response: { 200: Type.Array(Payment), ...errors(401, 403) } },
  }, async () => (await app.repos.payments.list()).map(toPayment));

  app.get('/api/payments/mine', {
    schema: { tags, summary: "The caller's payments, newest first", security: bearer, response: { 200: Type.Array(Payment), ...errors(401) } },
  }, async (request) => (await app.repos.payments.listByUser(request.user.id)).map(toPayment));
};

export default paymentsRoutes;
