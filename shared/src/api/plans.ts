import type { BalanceSchedule, PaymentPlan, PaymentPlanInput, PlanChoice, PlanChosenResponse } from '../contract';
import { request } from './http';

/** Payment plans (issue 30, decision 051): what a program offers, a student's choice and schedules, the admin's plans. */
export const plansApi = {
  offered: (programId: string) => request<PaymentPlan[]>(`/api/payment-plans?programId=${encodeURIComponent(programId)}`),
  mine: () => request<BalanceSchedule[]>('/api/payment-plans/mine', { auth: true }),
  choose: (body: PlanChoice) => request<PlanChosenResponse>('/api/payment-plans/mine', { method: 'PUT', body, auth: true }),
  ofProgram: (programId: string) => request<PaymentPlan[]>(`/api/admin/payment-plans?programId=${encodeURIComponent(programId)}`, { auth: true }),
  create: (body: PaymentPlanInput) => request<PaymentPlan>('/api/admin/payment-plans', { method: 'POST', body, auth: true }),
  retire: (id: string) => request<PaymentPlan>(`/api/admin/payment-plans/${encodeURIComponent(id)}/retire`, { method: 'POST', auth: true }),
};

export const planKeys = {
  /** Under 'payments': whatever refreshes balances after a payment refreshes schedules too. */
  mine: ['payments', 'plans', 'mine'] as const,
  offered: (programId: string) => ['plans', 'offered', programId] as const,
  admin: (programId: string) => ['plans', 'admin', programId] as const,
};
