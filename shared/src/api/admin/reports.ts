import type { AdminStats, ModuleHealthReport, VitalsReport } from '../../contract';
import { request } from '@institute/shared/api';

/** A period of the dashboard, as dates (`YYYY-MM-DD`). */
export interface StatsRange {
  from: string;
  to: string;
}

/** The admin's reports: every figure is aggregated by the server; money in US dollars. */
export const reportsApi = {
  /** Without a range: the server's default period. */
  stats: (range: StatsRange | null) =>
    request<AdminStats>(`/api/admin/stats${range ? `?${new URLSearchParams({ ...range }).toString()}` : ''}`, { auth: true }),
  /** Field data of the last `days` days. */
  vitals: (days: number) => request<VitalsReport>(`/api/admin/vitals?days=${days}`, { auth: true }),
  /** Page loads, failed loads, errors and load times per module version over the last `days` days. */
  moduleHealth: (days: number) => request<ModuleHealthReport>(`/api/admin/module-health?days=${days}`, { auth: true }),
  /** The same counts for one module since a moment (a canary's start). */
  moduleHealthSince: (module: string, since: string) =>
    request<ModuleHealthReport>(`/api/admin/module-health?module=${encodeURIComponent(module)}&since=${encodeURIComponent(since)}`, { auth: true }),
};
