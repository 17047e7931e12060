import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '@institute/shared/api';

/** `GET /api/admin/stats`: every figure is a SQL aggregate on the server; money in US dollars. */
export interface AdminStats {
  from: string;
  to: string;
  totals: { revenue: number; payments: number; enrollments: number; newStudents: number };
  revenueByMonth: { month: string; revenue: number; payments: number }[];
  paymentsByStatus: { status: string; count: number; amount: number }[];
  enrollmentsByProgram: { programId: string | null; title: string; enrollments: number }[];
  newStudentsByWeek: { week: string; students: number }[];
}

export interface StatsRange {
  from: string;
  to: string;
}

export const useAdminStats = (range: StatsRange | null) => useQuery({
  queryKey: ['admin-stats', range],
  queryFn: () => request<AdminStats>(`/api/admin/stats${range ? `?${new URLSearchParams({ ...range })}` : ''}`, { auth: true }),
  placeholderData: keepPreviousData,
});
