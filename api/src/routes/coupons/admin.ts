import { Coupon, CouponBody, IdParams, PageOf } from '@institute/shared/schemas';
import type { Static } from '@sinclair/typebox';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { isId } from '../../lib/ids';
import { centsToDollars, dollarsToCents } from '../../lib/money';
import type { RoutePlugin } from '../../lib/type-provider';
import { normalizeCode } from '../../payments/coupons';
import { DuplicateCodeError, type CouponFields, type CouponRecord, type CouponSort } from '../../repositories/coupons';
import { pageQuerySchema, readPageQuery } from '../admin/list-query';
import { bearer, errors } from '../schemas';

export const COUPON_ADMIN_TEXT = {
  notFound: 'Coupon not found.',
  code: 'Give the code 3 to 32 letters, digits, dashes or underscores, starting with a letter or digit.',
  duplicate: (code: string) => `The code ${code} is already taken by another coupon.`,
  description: 'Keep the description to at most 200 characters.',
  percent: 'A percent coupon takes off a whole number of percent from 1 to 100.',
  amount: 'An amount coupon takes off a positive amount in dollars with at most 2 decimals.',
  day: (field: string) => `${field} must be a date (YYYY-MM-DD).`,
  endsBeforeStart: 'The last valid day cannot be before the first.',
  limit: (field: string) => `${field} must be a whole number of at least 1, or empty for no limit.`,
  programs: 'Choose at least one course or quick program, or make the coupon valid for all of them.',
  unknownProgram: 'One of the chosen courses or programs does not exist (any more).',
} as const;

const SORTS: readonly CouponSort[] = ['createdAt', 'code', 'endsOn', 'used'];
const CouponsQuery = pageQuerySchema(SORTS);
const tags = ['Coupons'];

export function toCoupon(row: CouponRecord): Static<typeof Coupon> {
  return {
    id: row.id, code: row.code, description: row.description, kind: row.kind, percentOff: row.percentOff,
    amountOff: row.amountOffCents === null ? null : centsToDollars(row.amountOffCents),
    startsOn: row.startsOn, endsOn: row.endsOn, maxRedemptions: row.maxRedemptions, maxPerStudent: row.maxPerStudent,
    allPrograms: row.allPrograms, programIds: row.programIds, active: row.active, used: row.used,
    createdAt: new Date(row.createdAt).toISOString(), updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

function day(value: string | null | undefined, field: string): string | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const text = value.trim();
  const parsed = new Date(`${text}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== text) {
    throw badRequest(COUPON_ADMIN_TEXT.day(field));
  }
  return text;
}

function limit(value: number | null | undefined, field: string): number | null {
  if (value === null || value === undefined) return null;
  if (!Number.isInteger(value) || value < 1 || value > 1_000_000) throw badRequest(COUPON_ADMIN_TEXT.limit(field));
  return value;
}

/** The body checked and turned into stored fields; every refusal is a 400 that says what to change. */
function readBody(body: Static<typeof CouponBody>): CouponFields {
  const code = normalizeCode(body.code);
  if (!/^[A-Z0-9][A-Z0-9_-]{2,31}$/.test(code)) throw badRequest(COUPON_ADMIN_TEXT.code);
  const description = (body.description ?? '').trim();
  if (description.length > 200) throw badRequest(COUPON_ADMIN_TEXT.description);
  let percentOff: number | null = null;
  let amountOffCents: number | null = null;
  if (body.kind === 'percent') {
    const percent = body.percentOff;
    if (typeof percent !== 'number' || !Number.isInteger(percent) || percent < 1 || percent > 100) throw badRequest(COUPON_ADMIN_TEXT.percent);
    percentOff = percent;
  } else {
    amountOffCents = typeof body.amountOff === 'number' ? dollarsToCents(body.amountOff) : null;
    if (amountOffCents === null) throw badRequest(COUPON_ADMIN_TEXT.amount);
  }
  const startsOn = day(body.startsOn, 'The first valid day');
  const endsOn = day(body.endsOn, 'The last valid day');
  if (startsOn && endsOn && endsOn < startsOn) throw badRequest(COUPON_ADMIN_TEXT.endsBeforeStart);
  const programIds = [...new Set(body.programIds ?? [])];
  if (!body.allPrograms && programIds.length === 0) throw badRequest(COUPON_ADMIN_TEXT.programs);
  if (programIds.some((id) => !isId(id))) throw badRequest(COUPON_ADMIN_TEXT.unknownProgram);
  return {
    code, description, kind: body.kind, percentOff, amountOffCents, startsOn, endsOn,
    maxRedemptions: limit(body.maxRedemptions, 'Uses in total'), maxPerStudent: limit(body.maxPerStudent, 'Uses per student'),
    allPrograms: body.allPrograms, programIds: body.allPrograms ? [] : programIds, active: body.active ?? true,
  };
}

/** The admin's Coupons section: a paged, searched list with usage counts, create, edit and deactivate (never delete). */
const couponAdminRoutes: RoutePlugin = async (app) => {
  const { coupons } = app.repos;

  async function checked(body: Static<typeof CouponBody>): Promise<CouponFields> {
    const fields = readBody(body);
    const found = await coupons.existingPrograms(fields.programIds);
    if (found.length !== fields.programIds.length) throw badRequest(COUPON_ADMIN_TEXT.unknownProgram);
    return fields;
  }
  const duplicate = (fields: CouponFields) => (error: unknown): never => {
    if (error instanceof DuplicateCodeError) throw conflict(COUPON_ADMIN_TEXT.duplicate(fields.code));
    throw error;
  };

  app.get('/api/coupons', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags, summary: 'One page of coupons with their usage, searched by code or description (admin)', security: bearer,
      querystring: CouponsQuery, response: { 200: PageOf(Coupon), ...errors(400, 401, 403) },
    },
  }, async (request) => {
    const params = readPageQuery<CouponSort>(request.query as { page?: string; limit?: string; sort?: string; q?: string }, '-createdAt');
    const { items, total } = await coupons.page(params);
    return { items: items.map(toCoupon), total, page: params.page, limit: params.limit };
  });

  app.post('/api/coupons', {
    onRequest: app.requireRole('admin'),
    schema: { tags, summary: 'Create a coupon (admin)', security: bearer, body: CouponBody, response: { 201: Coupon, ...errors(400, 401, 403, 409) } },
  }, async (request, reply) => {
    const fields = await checked(request.body);
    const created = await coupons.create(fields).catch(duplicate(fields));
    return reply.code(201).send(toCoupon(created));
  });

  app.put('/api/coupons/:id', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags, summary: 'Edit a coupon (admin); redemptions already made keep their discount', security: bearer,
      params: IdParams, body: CouponBody, response: { 200: Coupon, ...errors(400, 401, 403, 404, 409) },
    },
  }, async (request) => {
    if (!isId(request.params.id)) throw notFound(COUPON_ADMIN_TEXT.notFound);
    const fields = await checked(request.body);
    const updated = await coupons.update(request.params.id, fields).catch(duplicate(fields));
    if (!updated) throw notFound(COUPON_ADMIN_TEXT.notFound);
    return toCoupon(updated);
  });

  app.post('/api/coupons/:id/deactivate', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags, summary: 'Stop a coupon being applied (admin); again is fine; redemptions made stay', security: bearer,
      params: IdParams, response: { 200: Coupon, ...errors(401, 403, 404) },
    },
  }, async (request) => {
    const updated = isId(request.params.id) ? await coupons.deactivate(request.params.id) : null;
    if (!updated) throw notFound(COUPON_ADMIN_TEXT.notFound);
    return toCoupon(updated);
  });
};

export default couponAdminRoutes;
