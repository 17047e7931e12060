import { InquiryBody, InquiryFormToken, InquiryReceived } from '@institute/shared/schemas';
import { signFormToken } from '../../lib/form-token';
import { badRequest, unprocessable } from '../../lib/http-errors';
import { appointmentProblem } from '../../lib/office-hours';
import type { RoutePlugin } from '../../lib/type-provider';
import { errors } from '../schemas';
import inquiryAdminRoutes from './admin';
import { spamGuard } from './spam';

/** The contact form's own rules (spec section 5), checked again on the server. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const INQUIRY_TEXT = {
  name: 'Name is required',
  email: 'Email is required',
  invalidEmail: 'Invalid email',
  received: 'Thank you. We have your message and will get back to you within 24 hours.',
} as const;

const tags = ['Inquiries'];

/**
 * Leads (issue 31, decision 045): the contact and appointment forms store each request here beside their EmailJS
 * message, so admissions can follow it up. Public, behind the spam checks; the admin's inbox is in admin.ts.
 */
const inquiryRoutes: RoutePlugin<{ now?: () => number }> = async (app, options) => {
  const { inquiries, authAttempts } = app.repos;
  const now = options.now ?? Date.now;
  const guard = spamGuard(app.config, authAttempts, now);
  const { officeHours } = app.config.leads;

  app.get('/api/inquiries/form-token', {
    config: { public: true },
    schema: { tags, summary: 'A signed token of when the visitor started a form (the minimum fill time counts from it)', response: { 200: InquiryFormToken } },
  }, async (_request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    return { token: signFormToken(app.config.jwt.secret, now()) };
  });

  app.post('/api/inquiries', {
    config: { public: true },
    schema: {
      tags, summary: 'Store a contact message or appointment request (honeypot, minimum fill time and rate limits)',
      body: InquiryBody, response: { 201: InquiryReceived, ...errors(400, 413, 415, 422, 429) },
    },
  }, async (request, reply) => {
    const body = request.body;
    guard.check(body);
    const name = body.name.trim();
    const email = body.email.trim();
    if (!name) throw badRequest(INQUIRY_TEXT.name);
    if (!email) throw badRequest(INQUIRY_TEXT.email);
    if (!EMAIL.test(email)) throw badRequest(INQUIRY_TEXT.invalidEmail);
    const appointment = body.kind === 'appointment';
    const date = appointment && body.date ? body.date : undefined;
    const time = appointment && body.time ? body.time : undefined;
    const problem = appointmentProblem(officeHours, new Date(now()), date, time);
    if (problem) throw unprocessable(problem);
    // Counted only once the request is one a person could have meant: a mistyped time does not spend the quota.
    await guard.count(email, request, reply);
    const id = await inquiries.create({
      kind: body.kind, name, email, phone: body.number?.trim() ?? '', message: body.message?.trim() ?? '',
      program: appointment ? body.program?.trim() ?? '' : '',
      preferredDate: date ?? null, preferredTime: time ?? null, timeZone: date ? officeHours.timeZone : null,
    });
    return reply.code(201).send({ _id: id, message: INQUIRY_TEXT.received });
  });

  await app.register(inquiryAdminRoutes);
};

export default inquiryRoutes;
