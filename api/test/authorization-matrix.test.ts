import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { signCancelToken } from '../src/advising/cancel-token';
import { signFormToken } from '../src/lib/form-token';
import { createTestApp, TEST_SECRET, type TestApp } from './helpers/app';
import { galleryForm, validBlog, validCourse } from './helpers/fixtures';
import { approve, clientOrder, paypalConfig, pressOnApprovalPage, sentEvents, startSandbox, webhookHeaders, type Sandbox } from './helpers/paypal';
import { day } from './helpers/students';
import { bearer, signInSeeded, tokenVariants, type Identities } from './helpers/tokens';

/**
 * Every route x six ways of presenting a token. A route that exists but is missing here fails the last
 * test, so a new endpoint cannot ship without a decision about who may call it.
 */
type Variant = 'none' | 'malformed' | 'expired' | 'foreign' | 'user' | 'admin';
type Expect = Record<Variant, number>;

interface Ctx {
  t: TestApp;
  ids: Identities;
  sandbox: Sandbox;
}
interface Row {
  route: string; // "METHOD /pattern"
  /** The variant lets owner-bound routes (payments) act on an order of the caller being tested. */
  request: (ctx: Ctx, variant: Variant) => Promise<InjectOptions> | InjectOptions;
  expect: Expect;
}

const open = (status: number): Expect => ({ none: status, malformed: status, expired: status, foreign: status, user: status, admin: status });
const adminOnly = (status: number): Expect => ({ none: 401, malformed: 401, expired: 401, foreign: 401, user: 403, admin: status });
const signedIn = (status: number): Expect => ({ none: 401, malformed: 401, expired: 401, foreign: 401, user: status, admin: status });

const first = async ({ t }: Ctx, url: string) => (await t.app.inject({ method: 'GET', url })).json()[0]._id as string;
let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter += 1)}`;

async function freshProgram({ t }: Ctx, kind: 'course' | 'quick_program') {
  const { price, ...rest } = validCourse();
  return (await t.app.repos.programs.create(kind, { ...rest, priceCents: Number(price) * 100 } as never)).id;
}

const planBody = (programId: string) => ({ programId, name: 'Deposit and 2 monthly', deposit: 500, instalments: 2, anchor: 'enrollment_date' });
/** A course priced for a plan of a $500 deposit and two instalments of at least $500. */
async function planProgram({ t }: Ctx) {
  const { price: _price, ...rest } = validCourse();
  return (await t.app.repos.programs.create('course', { ...rest, priceCents: 200_000 } as never)).id;
}
async function freshPlan(c: Ctx) {
  const res = await c.t.app.inject({ method: 'POST', url: '/api/admin/payment-plans', headers: bearer(c.ids.admin.token), payload: planBody(await planProgram(c)) });
  return res.json().id as string;
}

/** The account whose order a payment route acts on: the admin for the admin variant, else the student. */
const owner = ({ ids }: Ctx, variant: Variant) => (variant === 'admin' ? ids.admin.token : ids.student.token);

async function ownOrder(c: Ctx, variant: Variant, approved: boolean) {
  const programID = await freshProgram(c, 'course');
  const res = await c.t.app.inject({ method: 'POST', url: `/api/payments/create-order/${programID}`, headers: bearer(owner(c, variant)), payload: { amount: 650 } });
  const orderID: string = res.json().orderID;
  if (approved) await approve(c.sandbox, orderID);
  return { orderID, programID };
}

/** A COMPLETED payment of the variant's owner (it has a receipt); returns its id. */
async function completedPayment(c: Ctx, variant: Variant): Promise<string> {
  const order = await ownOrder(c, variant, true);
  const res = await c.t.app.inject({ method: 'POST', url: '/api/payments/capture-order', headers: bearer(owner(c, variant)), payload: order });
  return res.json().payment._id as string;
}

const PAYMENT_ROWS: Row[] = [
  { route: 'POST /api/payments/create-order/:id', expect: signedIn(201), request: async (c) => ({
    method: 'POST', url: `/api/payments/create-order/${await freshProgram(c, 'course')}`, payload: { amount: 650 } }) },
  { route: 'POST /api/payments/capture-order', expect: signedIn(200), request: async (c, v) => ({
    method: 'POST', url: '/api/payments/capture-order', payload: await ownOrder(c, v, true) }) },
  { route: 'GET /api/payments/check/:id', expect: signedIn(200), request: async (c) => ({
    method: 'GET', url: `/api/payments/check/${await freshProgram(c, 'quick_program')}` }) },
  { route: 'GET /api/payments', expect: adminOnly(200), request: () => ({ method: 'GET', url: '/api/payments' }) },
  { route: 'GET /api/payments/mine', expect: signedIn(200), request: () => ({ method: 'GET', url: '/api/payments/mine' }) },
  { route: 'POST /payment', expect: signedIn(201), request: async (c) => ({
    method: 'POST', url: '/payment', payload: { amount: 650, courseId: await freshProgram(c, 'course') } }) },
  { route: 'POST /api/complete-payment', expect: signedIn(200), request: async (c, v) => {
    const courseId = await freshProgram(c, 'course');
    const started = await c.t.app.inject({ method: 'POST', url: '/payment', headers: bearer(owner(c, v)), payload: { amount: 650, courseId } });
    const token = new URL(started.json().approval_url).searchParams.get('token')!;
    const back = await pressOnApprovalPage(c.sandbox, token, 'approve');
    return { method: 'POST', url: '/api/complete-payment', payload: { token, payerID: back.searchParams.get('PayerID') } };
  } },
  // The order names the caller as its buyer (custom_id): one that names nobody is refused (decision 016).
  { route: 'POST /api/verify-payment', expect: signedIn(200), request: async (c, v) => ({
    method: 'POST', url: '/api/verify-payment', payload: { orderID: await clientOrder(c.sandbox, {
      value: '650.00', referenceId: await freshProgram(c, 'course'), customId: v === 'admin' ? c.ids.admin.userId : c.ids.student.userId,
    }) } }) },
  { route: 'POST /api/payment/cancel/:token', expect: signedIn(200), request: async (c, v) => ({
    method: 'POST', url: `/api/payment/cancel/${(await ownOrder(c, v, false)).orderID}` }) },
  // Issue 18: receipts are the owner's (admin: any), refunds and the unsent-mail list the admin's.
  { route: 'GET /api/receipts/:id', expect: signedIn(200), request: async (c, v) => ({
    method: 'GET', url: `/api/receipts/${await completedPayment(c, v)}` }) },
  { route: 'GET /api/payments/learning', expect: signedIn(200), request: () => ({ method: 'GET', url: '/api/payments/learning' }) },
  { route: 'POST /api/payments/:id/refunds', expect: adminOnly(200), request: async (c) => ({
    method: 'POST', url: `/api/payments/${await completedPayment(c, 'user')}/refunds`, payload: { amount: 10 } }) },
  { route: 'GET /api/emails/unsent', expect: adminOnly(200), request: () => ({ method: 'GET', url: '/api/emails/unsent' }) },
  // Public: PayPal has no user token. A genuine event is accepted whatever Authorization header comes with it.
  { route: 'POST /api/payments/webhook', expect: open(200), request: async (c) => {
    const event = (await sentEvents(c.sandbox))[0]!;
    return { method: 'POST', url: '/api/payments/webhook', headers: webhookHeaders(event), payload: event.body };
  } },
];

/** A real image: stored images go out resized (decision 028), so the bytes must decode. */
const tinyWebp = () => sharp({ create: { width: 4, height: 3, channels: 3, background: '#0b5cab' } }).webp().toBuffer();

const sessionBody = (courseId?: string) => ({
  ...(courseId ? { courseId } : {}), startsOn: day(30), endsOn: day(60), schedule: 'Mon/Wed 6-9 pm', mode: 'online', seats: 10, enrollmentDeadline: day(28),
});
async function freshSession(c: Ctx) {
  const programId = await freshProgram(c, 'course');
  return (await c.t.app.repos.classSessions.create({ ...sessionBody(), address: null, programId } as never)).id;
}

/** A student seated in a fresh session (returns the enrollment and its course, for withdraw and transfer). */
async function seated(c: Ctx) {
  const sessionId = await freshSession(c);
  const [row] = await c.t.app.db.query<{ id: string; programId: string }>(
    `INSERT INTO enrollments (id, session_id, user_id, program_title, status)
     SELECT gen_random_uuid(), s.id, $2, 'Test Course', 'enrolled' FROM class_sessions s WHERE s.id = $1
     RETURNING id, (SELECT program_id FROM class_sessions WHERE id = $1) AS "programId"`, [sessionId, c.ids.student.userId]);
  return { enrollmentId: row!.id, sessionId, programId: row!.programId };
}

/** A session whose only seat someone else holds: a full one, whose waitlist the caller may join. */
async function fullSession(c: Ctx) {
  const sessionId = await freshSession(c);
  const email = `waiting${unique()}@example.com`;
  await c.t.app.inject({ method: 'POST', url: '/auth/register', payload: { username: `waiting${unique()}`, email, password: 'Waiting#Pass2026', role: 'user' } });
  await c.t.app.db.query('UPDATE class_sessions SET seats = 1 WHERE id = $1', [sessionId]);
  await c.t.app.db.query(
    `INSERT INTO enrollments (id, session_id, user_id, program_title, status)
     SELECT gen_random_uuid(), $1, u.id, 'Test Course', 'enrolled' FROM users u WHERE u.email = $2`, [sessionId, email]);
  return sessionId;
}

// Issue 29: class sessions are read by anyone; the admin writes them.
const SESSION_ROWS: Row[] = [
  { route: 'GET /api/sessions', expect: open(200), request: async (c) => ({ method: 'GET', url: `/api/sessions?courseId=${await first(c, '/api/courses')}` }) },
  { route: 'GET /api/sessions/:id', expect: open(200), request: async (c) => ({ method: 'GET', url: `/api/sessions/${await freshSession(c)}` }) },
  { route: 'POST /api/sessions', expect: adminOnly(201), request: async (c) => ({
    method: 'POST', url: '/api/sessions', payload: sessionBody(await freshProgram(c, 'course')) }) },
  { route: 'PUT /api/sessions/:id', expect: adminOnly(200), request: async (c) => ({
    method: 'PUT', url: `/api/sessions/${await freshSession(c)}`, payload: sessionBody() }) },
  { route: 'POST /api/sessions/:id/close', expect: adminOnly(200), request: async (c) => ({ method: 'POST', url: `/api/sessions/${await freshSession(c)}/close` }) },
  { route: 'POST /api/sessions/:id/reopen', expect: adminOnly(200), request: async (c) => ({ method: 'POST', url: `/api/sessions/${await freshSession(c)}/reopen` }) },
  { route: 'POST /api/sessions/:id/holds', expect: signedIn(201), request: async (c, v) => {
    // A new seat needs the published agreement accepted (another row publishes one).
    const current = await c.t.app.repos.agreements.current();
    if (current && (v === 'user' || v === 'admin')) await c.t.app.repos.agreements.accept(v === 'admin' ? c.ids.admin.userId : c.ids.student.userId, current.version);
    return { method: 'POST', url: `/api/sessions/${await freshSession(c)}/holds` };
  } },
  { route: 'GET /api/sessions/:id/roster', expect: adminOnly(200), request: async (c) => ({ method: 'GET', url: `/api/sessions/${(await seated(c)).sessionId}/roster` }) },
  { route: 'GET /api/sessions/:id/roster.csv', expect: adminOnly(200), request: async (c) => ({ method: 'GET', url: `/api/sessions/${(await seated(c)).sessionId}/roster.csv` }) },
  { route: 'GET /api/enrollments/mine', expect: signedIn(200), request: () => ({ method: 'GET', url: '/api/enrollments/mine' }) },
  { route: 'GET /api/enrollments', expect: adminOnly(200), request: ({ ids }) => ({ method: 'GET', url: `/api/enrollments?userId=${ids.student.userId}` }) },
  { route: 'POST /api/enrollments/:id/withdraw', expect: adminOnly(200), request: async (c) => ({ method: 'POST', url: `/api/enrollments/${(await seated(c)).enrollmentId}/withdraw` }) },
  { route: 'POST /api/enrollments/:id/transfer', expect: adminOnly(200), request: async (c) => {
    const { enrollmentId, programId } = await seated(c);
    const target = await c.t.app.repos.classSessions.create({ ...sessionBody(), address: null, programId } as never);
    return { method: 'POST', url: `/api/enrollments/${enrollmentId}/transfer`, payload: { sessionId: target.id } };
  } },
  { route: 'GET /api/agreement', expect: open(200), request: () => ({ method: 'GET', url: '/api/agreement' }) },
  { route: 'GET /api/agreement/versions', expect: adminOnly(200), request: () => ({ method: 'GET', url: '/api/agreement/versions' }) },
  { route: 'POST /api/agreement', expect: adminOnly(201), request: () => ({
    method: 'POST', url: '/api/agreement', payload: { title: 'Enrollment agreement', body: 'Refunds within 14 days of the start.' } }) },
  { route: 'POST /api/agreement/accept', expect: signedIn(200), request: async ({ t }) => ({
    method: 'POST', url: '/api/agreement/accept', payload: { version: (await t.app.repos.agreements.publish('Terms', 'Text.', null as never)).version } }) },
  { route: 'GET /api/waitlist/mine', expect: signedIn(200), request: () => ({ method: 'GET', url: '/api/waitlist/mine' }) },
  { route: 'GET /api/agreement/mine', expect: signedIn(200), request: () => ({ method: 'GET', url: '/api/agreement/mine' }) },
  { route: 'POST /api/sessions/:id/waitlist', expect: signedIn(201), request: async (c) => ({ method: 'POST', url: `/api/sessions/${await fullSession(c)}/waitlist` }) },
  { route: 'DELETE /api/sessions/:id/waitlist', expect: signedIn(200), request: async (c, v) => {
    const sessionId = await fullSession(c);
    await c.t.app.repos.waitlist.join(sessionId, v === 'admin' ? c.ids.admin.userId : c.ids.student.userId);
    return { method: 'DELETE', url: `/api/sessions/${sessionId}/waitlist` };
  } },
  { route: 'GET /api/sessions/:id/waitlist', expect: adminOnly(200), request: async (c) => ({ method: 'GET', url: `/api/sessions/${await fullSession(c)}/waitlist` }) },
  { route: 'PUT /api/sessions/:id/waitlist', expect: adminOnly(200), request: async (c) => ({
    method: 'PUT', url: `/api/sessions/${await fullSession(c)}/waitlist`, payload: { order: [] } }) },
  { route: 'POST /api/sessions/:id/cancel', expect: adminOnly(200), request: async (c) => ({ method: 'POST', url: `/api/sessions/${await freshSession(c)}/cancel` }) },
];

/** A coupon for every program without limits, 10 % off (issue 30). */
async function freshCoupon({ t }: Ctx, percentOff = 10) {
  return (await t.app.repos.coupons.create({
    code: `M${unique().toUpperCase()}`.slice(0, 32), description: '', kind: 'percent', percentOff, amountOffCents: null, startsOn: null,
    endsOn: null, maxRedemptions: null, maxPerStudent: null, allPrograms: true, programIds: [], active: true,
  }));
}
const couponBody = () => ({ code: `NEW${unique().toUpperCase()}`.slice(0, 32), kind: 'percent', percentOff: 15, allPrograms: true });

// Issue 30: the admin manages coupons; a signed-in student applies one to their own balance.
const COUPON_ROWS: Row[] = [
  { route: 'GET /api/coupons', expect: adminOnly(200), request: () => ({ method: 'GET', url: '/api/coupons' }) },
  { route: 'POST /api/coupons', expect: adminOnly(201), request: () => ({ method: 'POST', url: '/api/coupons', payload: couponBody() }) },
  { route: 'PUT /api/coupons/:id', expect: adminOnly(200), request: async (c) => ({
    method: 'PUT', url: `/api/coupons/${(await freshCoupon(c)).id}`, payload: couponBody() }) },
  { route: 'POST /api/coupons/:id/deactivate', expect: adminOnly(200), request: async (c) => ({
    method: 'POST', url: `/api/coupons/${(await freshCoupon(c)).id}/deactivate` }) },
  { route: 'POST /api/coupons/apply', expect: signedIn(200), request: async (c) => ({
    method: 'POST', url: '/api/coupons/apply', payload: { code: (await freshCoupon(c)).code, programId: await freshProgram(c, 'course') } }) },
  { route: 'DELETE /api/coupons/apply/:id', expect: signedIn(204), request: async (c) => ({
    method: 'DELETE', url: `/api/coupons/apply/${await freshProgram(c, 'course')}` }) },
  { route: 'POST /api/coupons/enroll', expect: signedIn(201), request: async (c, v) => {
    const programId = await freshProgram(c, 'course');
    const token = v === 'admin' ? c.ids.admin.token : c.ids.student.token;
    await c.t.app.inject({ method: 'POST', url: '/api/coupons/apply', headers: bearer(token), payload: { code: (await freshCoupon(c, 100)).code, programId } });
    return { method: 'POST', url: '/api/coupons/enroll', payload: { programId } };
  } },
];

/** A stored inquiry for the admin's inbox rows. */
async function freshInquiry({ t }: Ctx): Promise<string> {
  return t.app.repos.inquiries.create({
    kind: 'contact', name: 'Matrix Visitor', email: `visitor-${unique()}@example.test`, phone: '', message: '', program: '',
    preferredDate: null, preferredTime: null, timeZone: null,
  });
}

const INQUIRY_ROWS: Row[] = [
  { route: 'GET /api/inquiries/form-token', expect: open(200), request: () => ({ method: 'GET', url: '/api/inquiries/form-token' }) },
  // A form started a minute ago (the minimum fill time), each from its own email (the per-email ceiling).
  { route: 'POST /api/inquiries', expect: open(201), request: () => ({ method: 'POST', url: '/api/inquiries', payload: {
    kind: 'contact', name: 'Matrix Visitor', email: `visitor-${unique()}@example.test`, formToken: signFormToken(TEST_SECRET, Date.now() - 60_000) } }) },
  { route: 'GET /api/admin/inquiries', expect: adminOnly(200), request: () => ({ method: 'GET', url: '/api/admin/inquiries' }) },
  { route: 'GET /api/admin/inquiries/:id', expect: adminOnly(200), request: async (c) => ({ method: 'GET', url: `/api/admin/inquiries/${await freshInquiry(c)}` }) },
  { route: 'PUT /api/admin/inquiries/:id', expect: adminOnly(200), request: async (c) => ({
    method: 'PUT', url: `/api/admin/inquiries/${await freshInquiry(c)}`, payload: { status: 'contacted' } }) },
  { route: 'POST /api/admin/inquiries/:id/notes', expect: adminOnly(201), request: async (c) => ({
    method: 'POST', url: `/api/admin/inquiries/${await freshInquiry(c)}/notes`, payload: { body: 'Called back.' } }) },
  { route: 'POST /api/admin/inquiries/:id/account', expect: adminOnly(201), request: async (c) => ({
    method: 'POST', url: `/api/admin/inquiries/${await freshInquiry(c)}/account` }) },
];

/** An advising slot three days ahead (stored directly: the publishing checks are the advising tests' subject). */
async function freshSlot({ t, ids }: Ctx): Promise<string> {
  const startsAt = new Date(Date.now() + 3 * 86_400_000);
  const result = await t.app.repos.advising.createSlots([{
    startsAt, date: startsAt.toISOString().slice(0, 10), time: '10:00', timeZone: 'America/New_York', minutes: 30, advisor: `Advisor ${unique()}`, capacity: 1,
  }], ids.admin.userId);
  if (!('created' in result)) throw new Error('slot overlap');
  return result.created[0]!.id;
}
async function freshBookingToken(c: Ctx): Promise<string> {
  const outcome = await c.t.app.repos.advising.book({ slotId: await freshSlot(c), name: 'Matrix Visitor', email: `visitor-${unique()}@example.test`, phone: '', topic: 'Careers' }, new Date());
  if (!outcome.ok) throw new Error(outcome.reason);
  return signCancelToken(TEST_SECRET, outcome.booking.id);
}
/** The next Wednesday at least two days ahead: inside the default office hours, never in the past. */
function nextWednesday(): string {
  const day = new Date(Date.now() + 2 * 86_400_000);
  while (day.getUTCDay() !== 3) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

const ADVISING_ROWS: Row[] = [
  { route: 'GET /api/advising/slots', expect: open(200), request: () => ({ method: 'GET', url: '/api/advising/slots' }) },
  // Each from its own address and email: the leads' ceilings are the spam tests' subject.
  { route: 'POST /api/advising/bookings', expect: open(201), request: async (c) => ({ method: 'POST', url: '/api/advising/bookings', remoteAddress: `198.51.100.${(counter % 200) + 1}`, payload: {
    slotId: await freshSlot(c), name: 'Matrix Visitor', email: `visitor-${unique()}@example.test`, topic: 'Careers', formToken: signFormToken(TEST_SECRET, Date.now() - 60_000) } }) },
  { route: 'GET /api/advising/cancel', expect: open(200), request: async (c) => ({ method: 'GET', url: `/api/advising/cancel?token=${encodeURIComponent(await freshBookingToken(c))}` }) },
  { route: 'POST /api/advising/cancel', expect: open(200), request: async (c) => ({ method: 'POST', url: '/api/advising/cancel', payload: { token: await freshBookingToken(c) } }) },
  { route: 'GET /api/admin/advising/slots', expect: adminOnly(200), request: () => ({ method: 'GET', url: '/api/admin/advising/slots' }) },
  { route: 'POST /api/admin/advising/slots', expect: adminOnly(201), request: () => ({ method: 'POST', url: '/api/admin/advising/slots', payload: {
    date: nextWednesday(), time: '10:00', minutes: 30, advisor: `Advisor ${unique()}` } }) },
  { route: 'POST /api/admin/advising/slots/:id/cancel', expect: adminOnly(200), request: async (c) => ({ method: 'POST', url: `/api/admin/advising/slots/${await freshSlot(c)}/cancel`, payload: {} }) },
];

/** A student's enrollment with nothing due (paid in full), ready to be completed. */
async function paidInFull(c: Ctx) {
  const sessionId = await freshSession(c);
  const [row] = await c.t.app.db.query<{ id: string }>(
    `INSERT INTO enrollments (id, session_id, user_id, program_title, status) VALUES (gen_random_uuid(), $1, $2, 'Test Course', 'paid_in_full') RETURNING id`,
    [sessionId, c.ids.student.userId]);
  return { enrollmentId: row!.id, sessionId };
}
/** A certificate of the seeded student. */
async function issued(c: Ctx) {
  const result = await c.t.app.repos.certificates.complete((await paidInFull(c)).enrollmentId, c.ids.admin.userId);
  if (!result.ok) throw new Error('no certificate');
  return result.certificate;
}

// Issue 31: the admin completes, revokes and reads a student's record; the student reads their own certificates.
const RECORD_ROWS: Row[] = [
  { route: 'POST /api/enrollments/:id/complete', expect: adminOnly(201), request: async (c) => ({ method: 'POST', url: `/api/enrollments/${(await paidInFull(c)).enrollmentId}/complete` }) },
  { route: 'POST /api/sessions/:id/complete', expect: adminOnly(200), request: async (c) => ({ method: 'POST', url: `/api/sessions/${(await paidInFull(c)).sessionId}/complete` }) },
  { route: 'GET /api/certificates/mine', expect: signedIn(200), request: () => ({ method: 'GET', url: '/api/certificates/mine' }) },
  { route: 'GET /api/certificates/:id', expect: signedIn(200), request: async (c) => ({ method: 'GET', url: `/api/certificates/${(await issued(c)).id}` }) },
  { route: 'GET /api/certificates/verify/:code', expect: open(200), request: async (c) => ({ method: 'GET', url: `/api/certificates/verify/${(await issued(c)).code}` }) },
  { route: 'POST /api/certificates/:id/revoke', expect: adminOnly(200), request: async (c) => ({
    method: 'POST', url: `/api/certificates/${(await issued(c)).id}/revoke`, payload: { reason: 'Issued in error' } }) },
  { route: 'GET /api/students/:id', expect: adminOnly(200), request: ({ ids }) => ({ method: 'GET', url: `/api/students/${ids.student.userId}` }) },
  { route: 'GET /api/students/:id/payments', expect: adminOnly(200), request: ({ ids }) => ({ method: 'GET', url: `/api/students/${ids.student.userId}/payments?limit=5` }) },
  { route: 'GET /api/students/:id/emails', expect: adminOnly(200), request: ({ ids }) => ({ method: 'GET', url: `/api/students/${ids.student.userId}/emails` }) },
  { route: 'GET /api/students/:id/notes', expect: adminOnly(200), request: ({ ids }) => ({ method: 'GET', url: `/api/students/${ids.student.userId}/notes` }) },
  { route: 'POST /api/students/:id/notes', expect: adminOnly(201), request: ({ ids }) => ({
    method: 'POST', url: `/api/students/${ids.student.userId}/notes`, payload: { body: 'Called about the evening class.' } }) },
  // Someone else's contact details: the admin's own id, so a student is refused and the admin may.
  { route: 'PUT /api/users/:id/contact', expect: adminOnly(200), request: ({ ids }) => ({
    method: 'PUT', url: `/api/users/${ids.admin.userId}/contact`, payload: { legalName: 'Ada Admin', phone: '' } }) },
];

// Issue 31 (decision 048): a user's own export and erasure request (each variant asks for its own id); the admin decides.
const self = ({ ids }: Ctx, variant: Variant) => (variant === 'admin' ? ids.admin.userId : ids.student.userId);
const PRIVACY_ROWS: Row[] = [
  { route: 'GET /api/users/:id/data-export', expect: signedIn(200), request: (c, v) => ({ method: 'GET', url: `/api/users/${self(c, v)}/data-export?format=json` }) },
  { route: 'GET /api/users/:id/erasure-request', expect: signedIn(200), request: (c, v) => ({ method: 'GET', url: `/api/users/${self(c, v)}/erasure-request` }) },
  // A wrong password (the student's request is refused, nothing opened); an admin account cannot ask at all.
  { route: 'POST /api/users/:id/erasure-request', expect: { ...signedIn(400), admin: 409 }, request: (c, v) => ({
    method: 'POST', url: `/api/users/${self(c, v)}/erasure-request`, payload: { password: 'not the password' } }) },
  { route: 'GET /api/admin/erasure-requests', expect: adminOnly(200), request: () => ({ method: 'GET', url: '/api/admin/erasure-requests' }) },
  { route: 'POST /api/admin/erasure-requests/:id/approve', expect: adminOnly(404), request: () => ({
    method: 'POST', url: `/api/admin/erasure-requests/${crypto.randomUUID()}/approve`, payload: {} }) },
  { route: 'POST /api/admin/erasure-requests/:id/decline', expect: adminOnly(404), request: () => ({
    method: 'POST', url: `/api/admin/erasure-requests/${crypto.randomUUID()}/decline`, payload: { reason: 'Not now' } }) },
];

/** An open employer invoice for a fresh student's seat in a fresh session (issue 30, decision 052). */
async function openInvoice(c: Ctx): Promise<{ id: string; code: string; total: number }> {
  const sessionId = await freshSession(c);
  const session = await c.t.app.repos.classSessions.get(sessionId);
  const userId = await c.t.app.repos.users.create({ email: `inv${unique()}@x.test`, username: `inv${unique()}`, passwordHash: 'x', role: 'user' });
  const res = await c.t.app.inject({ method: 'POST', url: '/api/admin/invoices', headers: bearer(c.ids.admin.token), payload: {
    organization: { name: 'Acme', address: '1 Main St' }, contact: { name: 'Dana', email: 'dana@acme.test' }, dueOn: day(30),
    lines: [{ userId, programId: session!.programId, sessionId }] } });
  const invoice = res.json().invoice as { id: string; payUrl: string; total: number };
  return { id: invoice.id, code: invoice.payUrl.split('/').at(-2)!, total: invoice.total };
}

// Employer invoices: the admin issues, settles and voids; the organization's contact pays through the link's code.
const INVOICE_ROWS: Row[] = [
  { route: 'POST /api/admin/invoices', expect: adminOnly(201), request: async (c) => {
    const sessionId = await freshSession(c);
    const session = await c.t.app.repos.classSessions.get(sessionId);
    const userId = await c.t.app.repos.users.create({ email: `inv${unique()}@x.test`, username: `inv${unique()}`, passwordHash: 'x', role: 'user' });
    return { method: 'POST', url: '/api/admin/invoices', payload: {
      organization: { name: 'Acme', address: '1 Main St' }, contact: { name: 'Dana', email: 'dana@acme.test' }, dueOn: day(30),
      lines: [{ userId, programId: session!.programId, sessionId }] } };
  } },
  { route: 'GET /api/admin/invoices', expect: adminOnly(200), request: () => ({ method: 'GET', url: '/api/admin/invoices?status=open' }) },
  { route: 'GET /api/admin/invoices/:id', expect: adminOnly(200), request: async (c) => ({ method: 'GET', url: `/api/admin/invoices/${(await openInvoice(c)).id}` }) },
  { route: 'POST /api/admin/invoices/:id/payments', expect: adminOnly(200), request: async (c) => {
    const invoice = await openInvoice(c);
    return { method: 'POST', url: `/api/admin/invoices/${invoice.id}/payments`, payload: { amount: invoice.total, method: 'check', paidOn: day(0) } };
  } },
  { route: 'POST /api/admin/invoices/:id/void', expect: adminOnly(200), request: async (c) => ({
    method: 'POST', url: `/api/admin/invoices/${(await openInvoice(c)).id}/void`, payload: { reason: 'Issued in error' } }) },
  { route: 'GET /api/invoices/:code', expect: open(200), request: async (c) => ({ method: 'GET', url: `/api/invoices/${(await openInvoice(c)).code}` }) },
  { route: 'POST /api/invoices/:code/order', expect: open(201), request: async (c) => {
    const invoice = await openInvoice(c);
    return { method: 'POST', url: `/api/invoices/${invoice.code}/order`, payload: { amount: invoice.total } };
  } },
  { route: 'POST /api/invoices/:code/capture', expect: open(200), request: async (c) => {
    const invoice = await openInvoice(c);
    const order = await c.t.app.inject({ method: 'POST', url: `/api/invoices/${invoice.code}/order`, payload: { amount: invoice.total } });
    await approve(c.sandbox, order.json().orderID);
    return { method: 'POST', url: `/api/invoices/${invoice.code}/capture`, payload: { orderID: order.json().orderID } };
  } },
];

const ROWS: Row[] = [
  ...PAYMENT_ROWS,
  ...PRIVACY_ROWS,
  ...SESSION_ROWS,
  ...COUPON_ROWS,
  ...INQUIRY_ROWS,
  ...ADVISING_ROWS,
  ...RECORD_ROWS,
  ...INVOICE_ROWS,
  { route: 'OPTIONS *', expect: open(204), request: () => ({
    method: 'OPTIONS', url: '/api/courses', headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' } }) },
  { route: 'GET /media/:folder/:file', expect: open(200), request: () => ({ method: 'GET', url: '/media/seed/course-python-data.svg' }) },
  { route: 'GET /media/:folder/:file', expect: open(200), request: async ({ t }) => ({
    method: 'GET', url: t.app.storage.url(await t.app.storage.put(await tinyWebp(), 'webp')) }) },
  { route: 'GET /health', expect: open(200), request: () => ({ method: 'GET', url: '/health' }) },
  { route: 'GET /api/openapi.json', expect: open(200), request: () => ({ method: 'GET', url: '/api/openapi.json' }) },
  { route: 'POST /auth/register', expect: open(201), request: () => {
    const id = unique();
    return { method: 'POST', url: '/auth/register', payload: { email: `m${id}@example.com`, username: `m${id}`, password: 'Cobalt-Harbor-81' } };
  } },
  // Same answer whether or not the account exists; a made-up token is refused.
  { route: 'POST /auth/forgot-password', expect: open(200), request: () => ({
    method: 'POST', url: '/auth/forgot-password', payload: { email: `nobody${unique()}@example.com` } }) },
  { route: 'POST /auth/reset-password', expect: open(400), request: () => ({
    method: 'POST', url: '/auth/reset-password', payload: { token: 'not-a-real-token', password: 'Cobalt-Harbor-81' } }) },
  // A wrong current password (400) keeps the seeded accounts' passwords for the other rows.
  { route: 'POST /auth/change-password', expect: signedIn(400), request: () => ({
    method: 'POST', url: '/auth/change-password', payload: { currentPassword: 'not-the-password', newPassword: 'Cobalt-Harbor-81' } }) },
  { route: 'POST /auth/login', expect: open(200), request: () => ({
    method: 'POST', url: '/auth/login', payload: { email: 'student@northbridge.example', password: 'Student#2026!' } }) },
  { route: 'GET /api/users', expect: adminOnly(200), request: () => ({ method: 'GET', url: '/api/users' }) },
  { route: 'GET /api/users/:id', expect: adminOnly(200), request: ({ ids }) => ({ method: 'GET', url: `/api/users/${ids.admin.userId}` }) },
  { route: 'DELETE /api/users/:id', expect: adminOnly(200), request: async ({ t }) => {
    const id = unique();
    const userId = await t.app.repos.users.create({ email: `d${id}@example.com`, username: `d${id}`, passwordHash: 'x', role: 'user' });
    return { method: 'DELETE', url: `/api/users/${userId}` };
  } },
  { route: 'POST /api/users/:id/sign-out-everywhere', expect: adminOnly(200), request: async ({ t }) => {
    const id = unique();
    const userId = await t.app.repos.users.create({ email: `s${id}@example.com`, username: `s${id}`, passwordHash: 'x', role: 'user' });
    return { method: 'POST', url: `/api/users/${userId}/sign-out-everywhere` };
  } },
  { route: 'GET /api/courses', expect: open(200), request: () => ({ method: 'GET', url: '/api/courses' }) },
  { route: 'GET /api/courses/:id', expect: open(200), request: async (c) => ({ method: 'GET', url: `/api/courses/${await first(c, '/api/courses')}` }) },
  { route: 'POST /api/courses', expect: adminOnly(201), request: () => ({ method: 'POST', url: '/api/courses', payload: validCourse() }) },
  { route: 'PUT /api/courses/:id', expect: adminOnly(200), request: async (c) => ({
    method: 'PUT', url: `/api/courses/${await first(c, '/api/courses')}`, payload: validCourse() }) },
  { route: 'DELETE /api/courses/:id', expect: adminOnly(200), request: async (c) => ({
    method: 'DELETE', url: `/api/courses/${await freshProgram(c, 'course')}` }) },
  { route: 'GET /api/quick-programs', expect: open(200), request: () => ({ method: 'GET', url: '/api/quick-programs' }) },
  { route: 'GET /api/quick-programs/:id', expect: open(200), request: async (c) => ({
    method: 'GET', url: `/api/quick-programs/${await first(c, '/api/quick-programs')}` }) },
  { route: 'POST /api/quick-programs', expect: adminOnly(201), request: () => ({ method: 'POST', url: '/api/quick-programs', payload: validCourse() }) },
  { route: 'PUT /api/quick-programs/:id', expect: adminOnly(200), request: async (c) => ({
    method: 'PUT', url: `/api/quick-programs/${await first(c, '/api/quick-programs')}`, payload: validCourse() }) },
  { route: 'DELETE /api/quick-programs/:id', expect: adminOnly(200), request: async (c) => ({
    method: 'DELETE', url: `/api/quick-programs/${await freshProgram(c, 'quick_program')}` }) },
  { route: 'GET /api/blogs', expect: open(200), request: () => ({ method: 'GET', url: '/api/blogs' }) },
  { route: 'GET /blogs/:id', expect: open(200), request: async (c) => ({ method: 'GET', url: `/blogs/${await first(c, '/api/blogs')}` }) },
  { route: 'GET /api/blogs/:id', expect: open(200), request: async (c) => ({ method: 'GET', url: `/api/blogs/${await first(c, '/api/blogs')}` }) },
  { route: 'POST /api/blogs', expect: adminOnly(201), request: () => ({ method: 'POST', url: '/api/blogs', payload: validBlog() }) },
  { route: 'PUT /api/blogs/:id', expect: adminOnly(200), request: async (c) => ({
    method: 'PUT', url: `/api/blogs/${await first(c, '/api/blogs')}`, payload: validBlog() }) },
  { route: 'PUT /api/gallery/:id', expect: adminOnly(200), request: async (c) => ({
    method: 'PUT', url: `/api/gallery/${await first(c, '/api/gallery')}`, payload: { title: 'A title', description: 'A description' } }) },
  { route: 'DELETE /api/blogs/:id', expect: adminOnly(200), request: async ({ t }) => ({
    method: 'DELETE', url: `/api/blogs/${(await t.app.repos.blogs.create({ ...validBlog(), description: '' })).id}` }) },
  // Field data: public (sampled page loads report anonymously); the report is admin only.
  { route: 'POST /api/vitals', expect: open(204), request: () => ({
    method: 'POST', url: '/api/vitals', headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify({ entries: [{ metric: 'LCP', value: 1500, page: '/', navigationType: 'navigate', device: 'mobile', versions: { shell: '0.1.0' } }] }) }) },
  // CSP violation reports: public, sent by browsers without credentials.
  { route: 'POST /api/csp-reports', expect: open(204), request: () => ({
    method: 'POST', url: '/api/csp-reports', headers: { 'content-type': 'application/csp-report' },
    payload: JSON.stringify({ 'csp-report': { 'document-uri': 'http://localhost:3000/', 'blocked-uri': 'inline' } }) }) },
  { route: 'GET /api/admin/vitals', expect: adminOnly(200), request: () => ({ method: 'GET', url: '/api/admin/vitals?days=28' }) },
  // Module health while a canary runs: anonymous counts in and out (the site server reads them); the admin's view.
  { route: 'POST /api/module-events', expect: open(204), request: () => ({
    method: 'POST', url: '/api/module-events', headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify({ page: '/', events: [{ module: 'mf_catalog', version: '0.2.0', role: 'canary', kind: 'view' }] }) }) },
  { route: 'GET /api/module-health', expect: open(200), request: () => ({ method: 'GET', url: '/api/module-health?module=mf_catalog' }) },
  { route: 'GET /api/admin/module-health', expect: adminOnly(200), request: () => ({ method: 'GET', url: '/api/admin/module-health?days=7' }) },
  { route: 'GET /api/gallery', expect: open(200), request: () => ({ method: 'GET', url: '/api/gallery' }) },
  { route: 'GET /api/sitemap', expect: open(200), request: () => ({ method: 'GET', url: '/api/sitemap' }) },
  { route: 'GET /api/catalog/summary', expect: open(200), request: () => ({ method: 'GET', url: '/api/catalog/summary' }) },
  { route: 'GET /api/admin/payments', expect: adminOnly(200), request: () => ({ method: 'GET', url: '/api/admin/payments?limit=5&sort=-amount' }) },
  { route: 'GET /api/admin/stats', expect: adminOnly(200), request: () => ({ method: 'GET', url: '/api/admin/stats?from=2026-01-01&to=2026-03-31' }) },
  // Issue 30: the ledger is the admin's (offline payments, credits, voids, enrollment with nothing paid).
  { route: 'GET /api/admin/ledger/balance', expect: adminOnly(200), request: async (c) => ({
    method: 'GET', url: `/api/admin/ledger/balance?userId=${c.ids.student.userId}&programId=${await freshProgram(c, 'course')}` }) },
  { route: 'POST /api/admin/ledger/offline-payments', expect: adminOnly(201), request: async (c) => ({
    method: 'POST', url: '/api/admin/ledger/offline-payments',
    payload: { userId: c.ids.student.userId, programId: await freshProgram(c, 'course'), amount: 100, method: 'cash', paidOn: day(0), overBalance: 'refuse' } }) },
  { route: 'POST /api/admin/ledger/offline-payments/:id/void', expect: adminOnly(200), request: async (c) => {
    const payment = await c.t.app.inject({ method: 'POST', url: '/api/admin/ledger/offline-payments', headers: bearer(c.ids.admin.token),
      payload: { userId: c.ids.student.userId, programId: await freshProgram(c, 'course'), amount: 100, method: 'cash', paidOn: day(0), overBalance: 'refuse' } });
    return { method: 'POST', url: `/api/admin/ledger/offline-payments/${payment.json().payment._id}/void`, payload: { reason: 'Recorded in error' } };
  } },
  { route: 'GET /api/admin/ledger/students/:id', expect: adminOnly(200), request: ({ ids }) => ({ method: 'GET', url: `/api/admin/ledger/students/${ids.student.userId}` }) },
  { route: 'GET /api/admin/receivables', expect: adminOnly(200), request: () => ({ method: 'GET', url: '/api/admin/receivables?view=session' }) },
  { route: 'GET /api/admin/receivables.csv', expect: adminOnly(200), request: () => ({ method: 'GET', url: '/api/admin/receivables.csv' }) },
  { route: 'GET /api/admin/ledger/adjustments', expect: adminOnly(200), request: ({ ids }) => ({ method: 'GET', url: `/api/admin/ledger/adjustments?userId=${ids.student.userId}` }) },
  { route: 'POST /api/admin/ledger/adjustments', expect: adminOnly(201), request: async (c) => ({
    method: 'POST', url: '/api/admin/ledger/adjustments',
    payload: { userId: c.ids.student.userId, programId: await freshProgram(c, 'course'), amount: 100, kind: 'scholarship', reason: 'Merit' } }) },
  { route: 'POST /api/admin/ledger/adjustments/:id/void', expect: adminOnly(200), request: async (c) => {
    const granted = await c.t.app.inject({ method: 'POST', url: '/api/admin/ledger/adjustments', headers: bearer(c.ids.admin.token),
      payload: { userId: c.ids.student.userId, programId: await freshProgram(c, 'course'), amount: 100, kind: 'adjustment', reason: 'Goodwill' } });
    return { method: 'POST', url: `/api/admin/ledger/adjustments/${granted.json().adjustment.id}/void`, payload: { reason: 'Granted in error' } };
  } },
  { route: 'POST /api/admin/ledger/enrollments', expect: adminOnly(201), request: async (c) => {
    const sessionId = await freshSession(c);
    const session = await c.t.app.repos.classSessions.get(sessionId);
    return { method: 'POST', url: '/api/admin/ledger/enrollments', payload: { userId: c.ids.student.userId, programId: session!.programId, sessionId } };
  } },
  // Issue 30, decision 051: plans are offered by the admin and listed publicly; a student chooses and reads their own.
  { route: 'GET /api/payment-plans', expect: open(200), request: async (c) => ({ method: 'GET', url: `/api/payment-plans?programId=${await freshProgram(c, 'course')}` }) },
  { route: 'GET /api/admin/payment-plans', expect: adminOnly(200), request: async (c) => ({ method: 'GET', url: `/api/admin/payment-plans?programId=${await freshProgram(c, 'course')}` }) },
  { route: 'POST /api/admin/payment-plans', expect: adminOnly(201), request: async (c) => ({
    method: 'POST', url: '/api/admin/payment-plans', payload: planBody(await planProgram(c)) }) },
  { route: 'POST /api/admin/payment-plans/:id/retire', expect: adminOnly(200), request: async (c) => ({
    method: 'POST', url: `/api/admin/payment-plans/${await freshPlan(c)}/retire` }) },
  { route: 'POST /api/admin/payment-reminders/run', expect: adminOnly(200), request: () => ({ method: 'POST', url: '/api/admin/payment-reminders/run' }) },
  { route: 'GET /api/payment-plans/mine', expect: signedIn(200), request: () => ({ method: 'GET', url: '/api/payment-plans/mine' }) },
  { route: 'PUT /api/payment-plans/mine', expect: signedIn(200), request: async (c) => ({
    method: 'PUT', url: '/api/payment-plans/mine', payload: { planId: await freshPlan(c) } }) },
  { route: 'GET /api/payment-plans/mine/:id', expect: signedIn(200), request: async (c, variant) => {
    const planId = await freshPlan(c);
    const chosen = await c.t.app.inject({ method: 'PUT', url: '/api/payment-plans/mine', headers: bearer(owner(c, variant)), payload: { planId } });
    return { method: 'GET', url: `/api/payment-plans/mine/${chosen.json().schedule.programId}` };
  } },
  { route: 'GET /api/admin/users', expect: adminOnly(200), request: () => ({ method: 'GET', url: '/api/admin/users?page=1&limit=5&sort=-createdAt' }) },
  { route: 'PUT /api/users/:id/role', expect: adminOnly(200), request: async ({ t }) => ({
    method: 'PUT', url: `/api/users/${await t.app.repos.users.create({ username: `role${unique()}`, email: `role${unique()}@x.test`, passwordHash: 'x', role: 'user' })}/role`,
    payload: { role: 'user' } }) },
  { route: 'POST /api/gallery', expect: adminOnly(201), request: async () => {
    const form = await galleryForm();
    return { method: 'POST', url: '/api/gallery', headers: form.headers, payload: form.payload };
  } },
  { route: 'DELETE /api/gallery/:id', expect: adminOnly(200), request: async ({ t }) => {
    const row = await t.app.repos.gallery.create({ title: 'x', description: 'y', imagePath: '/media/seed/gallery-graduation.svg', width: 1, height: 1 });
    return { method: 'DELETE', url: `/api/gallery/${row.id}` };
  } },
];

// Logout needs a genuine token (an expired one has nothing left to end). It revokes the token it is called with,
// so it runs last: the user and admin tokens are refused after it.
const LOGOUT: Row = {
  route: 'POST /auth/logout', expect: { ...signedIn(200), expired: 200 }, request: () => ({ method: 'POST', url: '/auth/logout' }),
};

// HEAD runs the GET handler, so it answers like GET (without a body).
const MATRIX: Row[] = [
  ...ROWS,
  ...ROWS.filter((row) => row.route.startsWith('GET ')).map((row) => ({
    ...row,
    route: row.route.replace(/^GET /, 'HEAD '),
    request: async (c: Ctx, v: Variant) => ({ ...(await row.request(c, v)), method: 'HEAD' as const }),
  })),
  LOGOUT,
];

const VARIANTS: Variant[] = ['none', 'malformed', 'expired', 'foreign', 'user', 'admin'];

let ctx: Ctx;
let tokens: ReturnType<typeof tokenVariants>;
beforeAll(async () => {
  // Webhook events are recorded by the sandbox (its delivery URL refuses connections) and replayed by the rows.
  const sandbox = await startSandbox({ webhookUrl: 'http://127.0.0.1:9/api/payments/webhook' });
  const t = await createTestApp({ config: { paypal: paypalConfig(sandbox.url) } });
  const ids = await signInSeeded(t.app);
  ctx = { t, ids, sandbox };
  tokens = tokenVariants(ids);
  await approve(sandbox, await clientOrder(sandbox, { value: '10.00', referenceId: 'webhook-row', capture: null }));
});
afterAll(async () => {
  await ctx.t.close();
  await ctx.sandbox.close();
});

// Issue 28: who may call a route is decided before its input is read. The same requests, made invalid (a control
// character in the query, a body that is not JSON), still answer 401/403 wherever the caller may not call the route:
// a student's empty POST /api/courses is a 403, never a 400 that describes the course fields.
const REFUSED: ReadonlySet<number> = new Set([401, 403]);
const refusals = MATRIX.flatMap((row) => VARIANTS.filter((v) => REFUSED.has(row.expect[v])).map((variant) => ({ route: row.route, row, variant })));

describe('authorization before validation', () => {
  it.each(refusals)('$route with $variant token and bad input', async ({ row, variant }) => {
    const options = await row.request(ctx, variant);
    const token = tokens[variant];
    const url = `${String(options.url)}${String(options.url).includes('?') ? '&' : '?'}bad=%00`;
    const hasBody = options.method !== 'GET' && options.method !== 'HEAD';
    const headers = { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) };
    const res = await ctx.t.app.inject({ ...options, url, headers, ...(hasBody ? { payload: '{"not json' } : {}) });
    expect({ variant, status: res.statusCode }).toEqual({ variant, status: row.expect[variant] });
  });

  it("gives a student's empty course 403, not a 400 about its fields", async () => {
    const res = await ctx.t.app.inject({ method: 'POST', url: '/api/courses', payload: {}, headers: { authorization: `Bearer ${tokens.user}` } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).not.toMatch(/field/i);
  });

  it('checks the bad input for real: the admin gets 400 for the same requests', async () => {
    const bad = await ctx.t.app.inject({ method: 'POST', url: '/api/courses?bad=%00', payload: '{"not json', headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.admin}` } });
    expect(bad.statusCode).toBe(400);
    const empty = await ctx.t.app.inject({ method: 'POST', url: '/api/courses', payload: {}, headers: { authorization: `Bearer ${tokens.admin}` } });
    expect(empty.statusCode).toBe(400);
  });
});

describe.each(MATRIX.map((row) => [row.route, row] as const))('%s', (_route, row) => {
  it.each(VARIANTS)('with %s token', async (variant) => {
    const options = await row.request(ctx, variant);
    const token = tokens[variant];
    const headers = { ...(options.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) };
    const res = await ctx.t.app.inject({ ...options, headers });
    expect({ variant, status: res.statusCode }).toEqual({ variant, status: row.expect[variant] });
    expect(res.body).not.toMatch(/\$argon2|password_?hash/i);
    if (res.statusCode >= 400 && options.method !== 'HEAD') {
      expect(Object.keys(res.json()).sort()).toEqual(['error', 'message']);
    }
  });
});

it('covers every registered route, and lists no route that does not exist', () => {
  const registered = ctx.t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`).sort();
  const listed = MATRIX.map((row) => row.route).sort();
  expect(registered.filter((route) => !listed.includes(route))).toEqual([]);
  expect(listed.filter((route) => !registered.includes(route))).toEqual([]);
});

// Each route says itself whether a stranger may call it (`config: { public: true }`, routes/autohooks.ts); there is
// no list elsewhere. The routes that say so are exactly those this matrix lets a stranger call, besides logout (its
// own hook takes any token we signed, expired too) and the CORS preflight (the cors plugin's own route).
it('lets the routes that say public, and only those, be called without a user', () => {
  const declared = ctx.t.app.registeredRoutes.filter((r) => r.public).map((r) => `${r.method} ${r.url}`);
  const strangers = MATRIX.filter((row) => row.expect.none !== 401 && row.route !== 'OPTIONS *').map((row) => row.route);
  expect([...new Set(declared)].filter((route) => route !== 'POST /auth/logout').sort()).toEqual([...new Set(strangers)].sort());
  expect(declared).toContain('POST /auth/logout');
  expect(ctx.t.app.registeredRoutes.find((r) => r.method === 'OPTIONS')?.public).toBe(false);
});
