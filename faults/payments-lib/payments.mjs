// Helpers for the payment fault scenarios (faults/scenarios/payments-*.mjs): a sandbox and an API on PostgreSQL
// with short PayPal timeouts and a fast reconciler, students with their own balance, and the ledger check that
// compares what the clients saw, what the database holds and what the sandbox (PayPal) captured.
import { newAccount } from '../lib/clients.mjs';

export const PAYPAL_TIMEOUT_MS = 2000;
export const NO_MONEY = /No money was taken/;

/** The API's environment for payment scenarios (webhooks are off: only the API's own calls settle payments). */
export function apiEnv(db, sandbox, extra = {}) {
  return {
    DATABASE_URL: db,
    PAYPAL_API_BASE: sandbox.url,
    PAYPAL_TIMEOUT_MS: String(PAYPAL_TIMEOUT_MS),
    PAYMENT_RATE_LIMIT_MAX: '100000',
    PAYMENT_LOOKUP_LIMIT_PER_USER: '100000',
    PAYMENT_LOOKUP_LIMIT_PER_IP: '100000',
    PAYMENT_RECONCILE_INTERVAL_MS: '1000',
    PAYMENT_RECONCILE_AFTER_MS: '60000',
    ...extra,
  };
}

/** Starts the sandbox and an API on a fresh PostgreSQL database. */
export async function startPayments(ctx, extraEnv = {}) {
  const db = await ctx.postgres.createDatabase();
  const sandbox = await (await ctx.startSandbox()).ready();
  const env = apiEnv(db, sandbox, extraEnv);
  const api = await (await ctx.startApi({ env })).ready();
  return { db, sandbox, api, env };
}

/** A course priced above $500, read from the API (the demo seed has several). */
export async function pickProgram(ctx, api) {
  const res = await ctx.request('GET', `${api.url}/api/courses`, { timeoutMs: 30_000 });
  const course = Array.isArray(res.body) ? res.body.find((c) => c.price > 500) : null;
  if (!course) ctx.fail(`no course above $500 to pay for (GET /api/courses answered ${res.status || res.error})`);
  return { id: course._id, price: course.price };
}

/** Registers and signs in `n` students; each has their own balance for the program. */
export async function students(ctx, api, tag, n) {
  const out = [];
  for (let i = 0; i < n; i += 1) {
    const account = newAccount(tag, i);
    const reg = await ctx.request('POST', `${api.url}/auth/register`, { body: account, timeoutMs: 30_000 });
    if (reg.status !== 201) ctx.fail(`register ${account.email}: ${reg.status || reg.error}`);
    const login = await ctx.request('POST', `${api.url}/auth/login`, { body: { email: account.email, password: account.password }, timeoutMs: 30_000 });
    if (login.status !== 200) ctx.fail(`login ${account.email}: ${login.status || login.error}`);
    out.push({ email: account.email, token: login.body.token, userId: login.body.userId });
  }
  return out;
}

export const auth = (student) => ({ authorization: `Bearer ${student.token}` });

/** create-order for the full price, then the buyer approves at the sandbox. Returns the order id. */
export async function approvedOrder(ctx, api, sandbox, student, program) {
  const created = await ctx.request('POST', `${api.url}/api/payments/create-order/${program.id}`, { body: { amount: program.price }, headers: auth(student), timeoutMs: 30_000 });
  if (created.status !== 201) ctx.fail(`create-order for ${student.email}: ${created.status || created.error} ${JSON.stringify(created.body)}`);
  const orderID = created.body.orderID;
  const approved = await ctx.request('POST', `${sandbox.url}/__control/paypal/orders/${orderID}/approve`, { timeoutMs: 10_000 });
  if (approved.status !== 200) ctx.fail(`approve ${orderID}: ${approved.status || approved.error}`);
  return orderID;
}

export const capture = (ctx, api, student, orderID, program, timeoutMs = 60_000) =>
  ctx.request('POST', `${api.url}/api/payments/capture-order`, { body: { orderID, programID: program.id }, headers: auth(student), timeoutMs });

export const check = (ctx, api, student, program) =>
  ctx.request('GET', `${api.url}/api/payments/check/${program.id}`, { headers: auth(student), timeoutMs: 30_000 });

export const control = (ctx, sandbox, body) => ctx.request('POST', `${sandbox.url}/__control/paypal`, { body, timeoutMs: 10_000 });

/** Every body a client saw that says "No money was taken". */
export function noMoneyClaims(results) {
  return results.filter((r) => r && typeof r.body === 'object' && r.body && NO_MONEY.test(String(r.body.message ?? '')));
}

/** Waits until no payment row of these orders is CREATED (the reconciler, or requests, settled them all). */
export async function waitSettled(ctx, db, orderIds, timeoutMs = 60_000) {
  const started = Date.now();
  await ctx.waitFor(async () => {
    const rows = await ctx.postgres.query(db, "SELECT count(*)::int AS n FROM payments WHERE paypal_order_id = ANY($1) AND status = 'CREATED'", [orderIds]);
    return rows[0].n === 0;
  }, { timeoutMs, intervalMs: 250, what: 'every payment settled from PayPal' });
  return Date.now() - started;
}

/**
 * The ledger: for every order of the scenario, what PayPal captured and what the database recorded. Fails on a
 * double capture (two captures of one order, or two captured orders for one balance with no refund flagged), on
 * a lost payment (money at PayPal, no COMPLETED/REJECTED row), on a recorded payment PayPal does not hold, and
 * on any client told "No money was taken" for an order PayPal captured.
 */
export async function checkLedger(ctx, { db, api, sandbox, students: people, program, clientResults }) {
  const inbox = await ctx.request('GET', `${sandbox.url}/__inbox/orders`, { timeoutMs: 10_000 });
  const captured = new Map();
  for (const order of inbox.body ?? []) {
    const captures = order.purchase_units.flatMap((u) => u.payments?.captures ?? []);
    if (captures.length > 0) captured.set(order.id, captures);
  }
  const rows = await ctx.postgres.query(db,
    `SELECT p.paypal_order_id AS "orderId", p.status, p.amount_cents AS cents, p.refund_due_cents AS refund, u.email
     FROM payments p JOIN users u ON u.id = p.user_id WHERE u.email LIKE '%@faults.example' ORDER BY p.created_at`);
  const byStatus = {};
  for (const r of rows) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
  const doubleCaptured = [...captured.entries()].filter(([, c]) => c.length > 1);
  const ours = new Set(rows.map((r) => r.orderId));
  const atPayPal = [...captured.keys()].filter((id) => ours.has(id));
  const lost = atPayPal.filter((id) => !rows.some((r) => r.orderId === id && (r.status === 'COMPLETED' || r.status === 'REJECTED')));
  const phantom = rows.filter((r) => r.status === 'COMPLETED' && !captured.has(r.orderId));
  const perStudent = new Map();
  for (const r of rows.filter((row) => captured.has(row.orderId))) perStudent.set(r.email, [...(perStudent.get(r.email) ?? []), r]);
  const charged = [...perStudent.entries()].filter(([, list]) => list.length > 1);
  const unflagged = charged.filter(([, list]) => list.reduce((s, r) => s + r.cents - r.refund, 0) > program.price * 100);
  const lies = noMoneyClaims(clientResults).filter((r) => captured.has(r.orderID));

  ctx.report(`sandbox: ${captured.size} orders captured, ${[...captured.values()].reduce((n, c) => n + c.length, 0)} captures, $${[...captured.values()].flat().reduce((s, c) => s + Number(c.amount.value), 0)} held`);
  ctx.report(`database: ${rows.length} payment rows ${JSON.stringify(byStatus)}; refund flagged on ${rows.filter((r) => r.refund > 0).length}`);
  ctx.report(`students charged for more than one order: ${charged.length} (all flagged for refund: ${unflagged.length === 0})`);
  ctx.check(doubleCaptured.length === 0, `orders captured twice at PayPal: ${doubleCaptured.map(([id]) => id).join(', ')}`);
  ctx.check(lost.length === 0, `payments PayPal holds but the database does not record: ${lost.join(', ')}`);
  ctx.check(phantom.length === 0, `payments recorded COMPLETED that PayPal does not hold: ${phantom.map((r) => r.orderId).join(', ')}`);
  ctx.check(charged.length === 0, `students charged twice: ${charged.map(([email]) => email).join(', ')}`);
  ctx.check(unflagged.length === 0, `overpayments not flagged for refund: ${unflagged.map(([email]) => email).join(', ')}`);
  ctx.check(lies.length === 0, `clients told "No money was taken" for a captured order: ${lies.map((r) => r.orderID).join(', ')}`);

  // Every student's balance: paid in full, exactly once.
  for (const student of people) {
    const res = await check(ctx, api, student, program);
    ctx.check(res.status === 200 && res.body.hasPaid === true && res.body.amountPaid === program.price && res.body.dueAmount === 0,
      `balance of ${student.email}: ${JSON.stringify(res.body)} (expected paid ${program.price}, due 0)`);
  }
  return { captured, rows };
}
