import { Type } from '@sinclair/typebox';
import {
  AdminInvoice, IdParams, Invoice, InvoiceBody, InvoiceCaptureBody, InvoiceCodeParams, InvoiceOrder, InvoiceOrderBody, InvoicePaymentBody,
  InvoiceResult, InvoiceStatus, InvoiceVoidBody,
} from '@institute/shared/schemas';
import { notFound } from '../../lib/http-errors';
import { isId } from '../../lib/ids';
import type { RoutePlugin } from '../../lib/type-provider';
import { invoicePayments } from '../../invoices/paypal';
import { invoiceOperations } from '../../invoices/service';
import { INVOICE_TEXT } from '../../invoices/texts';
import { adminRoutes, errors } from '../schemas';
import { toAdminInvoice, toInvoice } from './mapper';

/**
 * Employer invoices (issue 30, decision 052). The admin issues, lists, settles offline and voids; the organization's
 * contact reads the invoice and pays it through its link, addressed by an unguessable code (no account needed).
 */
const invoiceRoutes: RoutePlugin = async (app) => {
  const ops = invoiceOperations(app.repos, app.config, app.db);
  const pay = invoicePayments({ repos: app.repos, paypal: app.paypal, log: app.log.child({ module: 'invoices' }) }, app.config, app.db);
  const tags = ['Invoices'];
  const route = adminRoutes(app.requireRole('admin'), tags);
  const forAdmin = (row: Parameters<typeof toAdminInvoice>[0]) => toAdminInvoice(row, app.config);

  app.post('/api/admin/invoices', route.change(
    "Invoice an organization for several students' seats: each student is enrolled, all or none, and the invoice is emailed (admin)",
    { body: InvoiceBody, response: { 201: InvoiceResult } },
  ), async (request, reply) => {
    const { invoice, message } = await ops.issue(request.body, request.user.id);
    return reply.code(201).send({ message, invoice: forAdmin(invoice) });
  });

  app.get('/api/admin/invoices', route.list(
    'The latest hundred invoices, newest first, optionally of one status (admin)',
    { querystring: Type.Object({ status: Type.Optional(InvoiceStatus) }, { additionalProperties: false }), response: { 200: Type.Array(AdminInvoice) } },
  ), async (request) => (await app.repos.invoices.list(100, request.query.status ?? null)).map(forAdmin));

  app.get('/api/admin/invoices/:id', route.read(
    'One invoice with its payment link (admin)',
    { params: IdParams, response: { 200: AdminInvoice } },
  ), async (request) => {
    const invoice = isId(request.params.id) ? await app.repos.invoices.byId(request.params.id) : null;
    if (!invoice) throw notFound(INVOICE_TEXT.notFound);
    return forAdmin(invoice);
  });

  app.post('/api/admin/invoices/:id/payments', route.change(
    "Record the invoice's payment taken outside PayPal (the whole total, once) (admin)",
    { params: IdParams, body: InvoicePaymentBody, response: { 200: InvoiceResult } },
  ), async (request) => {
    const { invoice, message } = await ops.recordPayment(request.params.id, request.body, request.user.id);
    return { message, invoice: forAdmin(invoice) };
  });

  app.post('/api/admin/invoices/:id/void', route.change(
    'Void an open invoice with a reason: its credits are withdrawn and the seats it gave released (admin)',
    { params: IdParams, body: InvoiceVoidBody, response: { 200: InvoiceResult } },
  ), async (request) => {
    const { invoice, message } = await ops.void(request.params.id, request.body.reason, request.user.id);
    return { message, invoice: forAdmin(invoice) };
  });

  app.get('/api/invoices/:code', {
    config: { public: true },
    schema: { tags, summary: "An invoice read through its payment link's code (no account needed)", params: InvoiceCodeParams, response: { 200: Invoice, ...errors(404) } },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return toInvoice(await pay.byCode(request.params.code), app.config.institute);
  });

  app.post('/api/invoices/:code/order', {
    config: { public: true },
    preHandler: app.paymentLookupLimits,
    schema: {
      tags, summary: "A PayPal order for exactly the invoice's total; the payer approves it at PayPal and returns to the invoice's page",
      params: InvoiceCodeParams, body: InvoiceOrderBody, response: { 201: InvoiceOrder, ...errors(400, 404, 409, 429, 502) },
    },
  }, async (request, reply) => reply.code(201).send(await pay.createOrder(request.params.code, request.body.amount, request.headers.origin)));

  app.post('/api/invoices/:code/capture', {
    config: { public: true },
    preHandler: app.paymentLookupLimits,
    schema: {
      tags, summary: 'Capture an approved order of the invoice; the invoice is paid once, whatever is repeated',
      params: InvoiceCodeParams, body: InvoiceCaptureBody, response: { 200: Invoice, ...errors(404, 409, 422, 429, 502) },
    },
  }, async (request) => toInvoice(await pay.capture(request.params.code, request.body.orderID), app.config.institute));
};

export default invoiceRoutes;
