import { Message, CompleteBody, PaymentResult, PaymentStarted, StartBody, TokenParams, VerifyBody } from '@institute/shared/schemas';
import type { RoutePlugin } from '../../lib/type-provider';
import { PAYMENT_TEXT } from '../../payments/texts';
import { bearer, errors } from '../schemas';
import { toPaymentResult } from './mapper';

/** The course payment page (redirect flow), the success page's completion or verification, and the cancel page. */
const paymentFlowRoutes: RoutePlugin = async (app) => {
  const tags = ['Payments'];

  app.post('/payment', {
    preHandler: app.paymentOrderLimit,
    config: { requestTimeoutMs: app.paypal.requestDeadlineMs },
    schema: {
      tags, summary: 'Start the redirect flow: returns the PayPal approval URL', security: bearer, body: StartBody,
      response: { 201: PaymentStarted, ...errors(400, 401, 404, 409, 422, 429, 502) },
    },
  }, async (request, reply) => {
    const { approvalUrl } = await app.payments.createOrder({
      userId: request.user.id, programId: request.body.courseId, amount: request.body.amount, flow: 'redirect',
      origin: request.headers.origin, sessionId: request.body.sessionId,
    });
    return reply.code(201).send({ approval_url: approvalUrl! });
  });

  app.post('/api/complete-payment', {
    config: { requestTimeoutMs: app.paypal.requestDeadlineMs },
    schema: {
      tags, summary: 'Capture the redirect-flow order the payer approved (token = order id); replays return the record',
      security: bearer, body: CompleteBody, response: { 200: PaymentResult, ...errors(400, 401, 404, 409, 422, 502) },
    },
  }, async (request) => toPaymentResult(await app.payments.capture(request.user.id, request.body.token)));

  app.post('/api/verify-payment', {
    preHandler: app.paymentLookupLimits,
    config: { requestTimeoutMs: app.paypal.requestDeadlineMs },
    schema: {
      tags, summary: 'Record an order created and captured in the browser, as PayPal reports it', security: bearer,
      body: VerifyBody, response: { 200: PaymentResult, ...errors(400, 401, 404, 409, 422, 429, 502) },
    },
  }, async (request) => toPaymentResult(await app.payments.verify(request.user.id, request.body.orderID, request.body.sessionId)));

  app.post('/api/payment/cancel/:token', {
    preHandler: app.paymentLookupLimits,
    config: { requestTimeoutMs: app.paypal.requestDeadlineMs },
    schema: {
      tags, summary: "Cancel the caller's order that is not captured yet", security: bearer, params: TokenParams,
      response: { 200: Message, ...errors(401, 404, 409, 429, 502) },
    },
  }, async (request) => {
    await app.payments.cancel(request.user.id, request.params.token);
    return { message: PAYMENT_TEXT.cancelled };
  });
};

export default paymentFlowRoutes;
