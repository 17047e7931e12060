import { Type } from '@sinclair/typebox';
import { BalanceSchedule, ChoosePlanBody, IdParams, PaymentPlan, PaymentPlanBody } from '@institute/shared/schemas';
import { conflict, notFound } from '../../lib/http-errors';
import { isId } from '../../lib/ids';
import type { RoutePlugin } from '../../lib/type-provider';
import { sendPaymentReminders } from '../../plans/reminders';
import { dayOf } from '../../plans/schedule';
import { planOperations } from '../../plans/service';
import { PLAN_TEXT } from '../../plans/texts';
import { toPlan, toSchedule } from '../../plans/view';
import { adminRoutes, bearer, errors } from '../schemas';

/**
 * Payment plans (issue 30, decision 051): the admin offers plans per program, a student chooses one for their own
 * balance and reads its schedule (what is due next and when, what is overdue); reminders go out through the outbox.
 */
const planRoutes: RoutePlugin = async (app) => {
  const ops = planOperations(app.repos, app.planClock);
  const tags = ['Payment plans'];
  const admin = app.requireRole('admin');
  const route = adminRoutes(admin, tags);
  const today = () => dayOf(app.planClock());

  async function scheduleOf(userId: string, programId: string) {
    const items = await app.repos.dueItems.ofBalance(userId, programId);
    if (items.length === 0) return null;
    const schedule = await app.repos.paymentPlans.scheduleOf(userId, programId);
    const changeable = !schedule || !(await app.repos.paymentPlans.paidSince(userId, programId, schedule.chosenAt));
    return toSchedule(items, schedule, changeable, today());
  }

  // Public: the plans a program offers, shown beside its price and at checkout.
  app.get('/api/payment-plans', {
    config: { public: true },
    schema: {
      tags, summary: 'The payment plans a course or program offers',
      querystring: Type.Object({ programId: Type.String({ maxLength: 256 }) }, { additionalProperties: false }),
      response: { 200: Type.Array(PaymentPlan), ...errors(404) },
    },
  }, async (request) => {
    if (!isId(request.query.programId) || !(await app.repos.programs.find(request.query.programId))) throw notFound(PLAN_TEXT.programNotFound);
    return (await app.repos.paymentPlans.ofProgram(request.query.programId)).map(toPlan);
  });

  app.get('/api/admin/payment-plans', route.read(
    "A program's payment plans, retired ones included (admin)",
    { querystring: Type.Object({ programId: Type.String({ maxLength: 256 }) }, { additionalProperties: false }), response: { 200: Type.Array(PaymentPlan) } },
  ), async (request) => {
    if (!isId(request.query.programId) || !(await app.repos.programs.find(request.query.programId))) throw notFound(PLAN_TEXT.programNotFound);
    return (await app.repos.paymentPlans.ofProgram(request.query.programId, true)).map(toPlan);
  });

  app.post('/api/admin/payment-plans', route.change(
    'Offer a payment plan for a course or program: a deposit and N monthly instalments (admin)',
    { body: PaymentPlanBody, response: { 201: PaymentPlan } },
  ), async (request, reply) => reply.code(201).send(toPlan(await ops.createPlan(request.body))));

  app.post('/api/admin/payment-plans/:id/retire', {
    onRequest: admin,
    schema: {
      tags, summary: 'Stop offering a plan; schedules already made on it keep it (admin)', security: bearer,
      params: IdParams, response: { 200: PaymentPlan, ...errors(401, 403, 404, 409) },
    },
  }, async (request) => {
    const plan = isId(request.params.id) ? await app.repos.paymentPlans.get(request.params.id) : null;
    if (!plan) throw notFound(PLAN_TEXT.planNotFound);
    if (!(await app.repos.paymentPlans.retire(plan.id))) throw conflict(PLAN_TEXT.retiredAlready);
    return toPlan({ ...plan, active: false });
  });

  app.post('/api/admin/payment-reminders/run', {
    onRequest: admin,
    schema: {
      tags, summary: 'Queue the payment reminders due now (what the background pass does); each is sent once (admin)', security: bearer,
      response: { 200: Type.Object({ queued: Type.Integer() }), ...errors(401, 403) },
    },
  }, async () => ({ queued: await sendPaymentReminders(app.db, app.repos, today()) }));

  app.get('/api/payment-plans/mine', {
    schema: {
      tags, summary: "The caller's due items per balance: plan, what is due next and when, what is overdue", security: bearer,
      response: { 200: Type.Array(BalanceSchedule), ...errors(401) },
    },
  }, async (request) => {
    const items = await app.repos.dueItems.ofUser(request.user.id);
    const programs = [...new Set(items.map((item) => item.programId))];
    const schedules = await Promise.all(programs.map((programId) => scheduleOf(request.user.id, programId)));
    return schedules.filter((s) => s !== null);
  });

  app.get('/api/payment-plans/mine/:id', {
    schema: {
      tags, summary: "The caller's schedule for one program (404 when they owe or paid nothing there)", security: bearer,
      params: IdParams, response: { 200: BalanceSchedule, ...errors(401, 404) },
    },
  }, async (request) => {
    const found = isId(request.params.id) ? await scheduleOf(request.user.id, request.params.id) : null;
    if (!found) throw notFound(PLAN_TEXT.programNotFound);
    return found;
  });

  app.put('/api/payment-plans/mine', {
    schema: {
      tags, summary: 'Choose a payment plan for the caller\'s own balance of its program; the schedule is stored', security: bearer,
      body: ChoosePlanBody, response: { 200: Type.Object({ message: Type.String(), schedule: Type.Union([BalanceSchedule, Type.Null()]) }), ...errors(400, 401, 404, 409) },
    },
  }, async (request) => {
    const { programId, message } = await ops.choose(request.user.id, request.body);
    return { message, schedule: await scheduleOf(request.user.id, programId) };
  });
};

export default planRoutes;
