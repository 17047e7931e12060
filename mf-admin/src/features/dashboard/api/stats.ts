import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '@institute/shared/api';
import type { AdminStats } from '@institute/shared/contract';

export interface StatsRange {
  from: string;
  to: string;
}

/** `GET /api/admin/stats`: every figure is a SQL aggregate on the server; money in US dollars. */
export const useAdminStats = (range: StatsRange | null) => useQuery({
  queryKey: ['admin-stats', range],
  queryFn: () => request<AdminStats>(`/api/admin/stats${range ? `?${new URLSearchParams({ ...range })}` : ''}`, { auth: true }),
  placeholderData: keepPreviousData,
});
