import type { AppliedCouponResponse, Coupon, CouponInput, MessageResponse, Page } from '../contract';
import { request } from './http';

export interface CouponPageParams {
  page?: number;
  limit?: number;
  q?: string;
  sort?: string;
}

const one = (id: string) => `/api/coupons/${encodeURIComponent(id)}`;

/** Coupon codes (issue 30): the admin's list and form, and a student's code at checkout. */
export const couponsApi = {
  page: (params: CouponPageParams, signal?: AbortSignal) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
    return request<Page<Coupon>>(`/api/coupons?${search.toString()}`, { auth: true, signal });
  },
  create: (body: CouponInput) => request<Coupon>('/api/coupons', { method: 'POST', body, auth: true }),
  update: (id: string, body: CouponInput) => request<Coupon>(one(id), { method: 'PUT', body, auth: true }),
  deactivate: (id: string) => request<Coupon>(`${one(id)}/deactivate`, { method: 'POST', auth: true }),
  apply: (code: string, programId: string) =>
    request<AppliedCouponResponse>('/api/coupons/apply', { method: 'POST', body: { code, programId }, auth: true }),
  remove: (programId: string) => request<null>(`/api/coupons/apply/${encodeURIComponent(programId)}`, { method: 'DELETE', auth: true }),
  enroll: (programId: string, sessionId?: string) =>
    request<MessageResponse>('/api/coupons/enroll', { method: 'POST', body: { programId, ...(sessionId ? { sessionId } : {}) }, auth: true }),
};

export const couponKeys = {
  all: ['coupons'] as const,
  page: (params: CouponPageParams) => ['coupons', 'page', params] as const,
};
