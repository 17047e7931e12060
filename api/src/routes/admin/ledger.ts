import type { Static } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import {
  Adjustment, AdjustmentBody, AdjustmentResult, EnrollmentRecord, IdParams, LedgerBalance, ManualEnrollmentBody, OfflinePaymentBody,
  OfflinePaymentResult, Payment, StudentLedger, VoidBody,
} from '@institute/shared/schemas';
import { notFound } from '../../lib/http-errors';
import { isId } from '../../lib/ids';
import { centsToDollars } from '../../lib/money';
import type { RoutePlugin } from '../../lib/type-provider';
import { ledgerOperations } from '../../ledger/service';
import { LEDGER_TEXT } from '../../ledger/texts';
import { balanceOf, type Balance } from '../../payments/rules';
import type { AdjustmentRecord } from '../../repositories/ledger';
import { toEnrollmentRecord } from '../enrollments/mapper';
import { toPayment } from '../payments/mapper';
import { adminRoutes } from '../schemas';

const toBalance = (b: Balance): Static<typeof LedgerBalance> => ({
  price: centsToDollars(b.priceCents), paid: centsToDollars(b.paidCents), credit: centsToDollars(b.creditCents + b.discountCents), due: centsToDollars(b.dueCents),
});

export const toAdjustment = (row: AdjustmentRecord): Static<typeof Adjustment> => ({
  id: row.id,
  programId: row.programId,
  program: row.programTitle,
  kind: row.kind,
  amount: centsToDollars(row.amountCents),
  reason: row.reason,
  createdBy: row.createdByName,
  createdAt: new Date(row.createdAt).toISOString(),
  voidedAt: row.voidedAt ? new Date(row.voidedAt).toISOString() : null,
  voidReason: row.voidReason,
});

/**
 * The admin's ledger (issue 30, decision 043): offline payments with their receipts, scholarships and adjustments,
 * voids with a reason, and enrollment with nothing paid. Admin only; the server computes every balance.
 */
const ledgerRoutes: RoutePlugin = async (app) => {
  const ops = ledgerOperations(app.repos);
  const route = adminRoutes(app.requireRole('admin'), ['Ledger']);

  const listedPayment = async (id: string) => toPayment((await app.repos.payments.listed(id))!);

  app.get('/api/admin/ledger/balance', route.read(
    "One student's balance for one program: price, paid, credits and due (admin)",
    { querystring: Type.Object({ userId: Type.String({ maxLength: 256 }), programId: Type.String({ maxLength: 256 }) }, { additionalProperties: false }), response: { 200: LedgerBalance } },
  ), async (request) => {
    const { userId, programId } = request.query;
    if (!isId(userId) || !(await app.repos.users.findById(userId))) throw notFound(LEDGER_TEXT.studentNotFound);
    if (!isId(programId) || !(await app.repos.programs.find(programId))) throw notFound(LEDGER_TEXT.programNotFound);
    return toBalance(await app.repos.balances.of(userId, programId));
  });

  app.get('/api/admin/ledger/students/:id', route.read(
    "One student's ledger: per program the balance, the seats, the offline payments and credits that may be voided (admin)",
    { params: IdParams, response: { 200: StudentLedger } },
  ), async (request) => {
    const user = isId(request.params.id) ? await app.repos.users.findById(request.params.id) : null;
    if (!user) throw notFound(LEDGER_TEXT.studentNotFound);
    const [programs, enrollments, payments, adjustments] = await Promise.all([
      app.repos.balances.programsOf(user.id), app.repos.enrollments.byUser(user.id), app.repos.payments.listByUser(user.id),
      app.repos.ledger.adjustmentsOf(user.id),
    ]);
    return {
      user: { id: user.id, username: user.username, email: user.email },
      programs: programs.map((program) => ({
        programId: program.programId,
        kind: program.kind,
        title: program.title,
        balance: toBalance(balanceOf(program.priceCents, program.paidCents, program.discountCents, program.creditCents)),
        enrollments: enrollments.filter((e) => e.programId === program.programId).map((e) => ({
          id: e.id, sessionId: e.sessionId, startsOn: e.startsOn, status: e.status,
        })),
        offlinePayments: payments.filter((p) => p.programId === program.programId && p.flow === 'offline').map(toPayment),
        adjustments: adjustments.filter((a) => a.programId === program.programId).map(toAdjustment),
      })),
    };
  });

  app.post('/api/admin/ledger/offline-payments', route.change(
    'Record a payment taken outside PayPal; it gets a numbered receipt and counts in the balance (admin)',
    { body: OfflinePaymentBody, response: { 201: OfflinePaymentResult } },
  ), async (request, reply) => {
    const result = await ops.recordOfflinePayment(request.body, request.user.id);
    return reply.code(201).send({ message: result.message, payment: await listedPayment(result.paymentId), balance: toBalance(result.balance) });
  });

  app.post('/api/admin/ledger/offline-payments/:id/void', route.change(
    'Void an offline payment recorded in error, with a reason; it stays on record and counts nowhere (admin)',
    { params: IdParams, body: VoidBody, response: { 200: Payment } },
  ), async (request) => {
    await ops.voidPayment(request.params.id, request.body.reason, request.user.id);
    return listedPayment(request.params.id);
  });

  app.get('/api/admin/ledger/adjustments', route.read(
    "One student's scholarships, adjustments and discounts, voided ones included, newest first (admin)",
    { querystring: Type.Object({ userId: Type.String({ maxLength: 256 }) }, { additionalProperties: false }), response: { 200: Type.Array(Adjustment) } },
  ), async (request) => {
    if (!isId(request.query.userId) || !(await app.repos.users.findById(request.query.userId))) throw notFound(LEDGER_TEXT.studentNotFound);
    return (await app.repos.ledger.adjustmentsOf(request.query.userId)).map(toAdjustment);
  });

  app.post('/api/admin/ledger/adjustments', route.change(
    "Grant a scholarship or an adjustment: a credit on one student's balance, not a refund (admin)",
    { body: AdjustmentBody, response: { 201: AdjustmentResult } },
  ), async (request, reply) => {
    const result = await ops.grantAdjustment(request.body, request.user.id);
    const adjustment = (await app.repos.ledger.adjustment(result.adjustmentId))!;
    return reply.code(201).send({ message: result.message, adjustment: toAdjustment(adjustment), balance: toBalance(result.balance) });
  });

  app.post('/api/admin/ledger/adjustments/:id/void', route.change(
    'Void a scholarship, adjustment or discount with a reason; it stays on record (admin)',
    { params: IdParams, body: VoidBody, response: { 200: Adjustment } },
  ), async (request) => {
    await ops.voidAdjustment(request.params.id, request.body.reason, request.user.id);
    return toAdjustment((await app.repos.ledger.adjustment(request.params.id))!);
  });

  app.post('/api/admin/ledger/enrollments', route.change(
    'Enroll a student in a session with nothing paid; seats are enforced as on every path (admin)',
    { body: ManualEnrollmentBody, response: { 201: EnrollmentRecord } },
  ), async (request, reply) => {
    const id = await ops.enroll(request.body.userId, request.body.programId, request.body.sessionId, request.user.id);
    const row = (await app.repos.enrollments.get(id))!;
    return reply.code(201).send(toEnrollmentRecord(row, row.sessionId ? await app.repos.classSessions.get(row.sessionId) : null));
  });
};

export default ledgerRoutes;
