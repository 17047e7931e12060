import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reportsApi, type StatsRange } from '@institute/shared/api/admin';

export type { StatsRange } from '@institute/shared/api/admin';

/** `GET /api/admin/stats`: every figure is a SQL aggregate on the server; money in US dollars. */
export const useAdminStats = (range: StatsRange | null) => useQuery({
  queryKey: ['admin-stats', range],
  queryFn: () => reportsApi.stats(range),
  placeholderData: keepPreviousData,
});
