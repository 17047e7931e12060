import { useQueries, useQuery } from '@tanstack/react-query';
import { reportsApi } from '@institute/shared/api/admin';
import type { ModuleRole, ModuleVersionHealth } from '@institute/shared/contract';

export type WindowDays = 7 | 28;

/** What the site server says of the rollout (`/rollout-status.json`, decision 039): canaries running, recent withdrawals. */
export interface RolloutStatus {
  canaries: { remote: string; version: string; percent: number; since: string }[];
  withdrawn: { remote: string; version: string; liveVersion: string; at: string; reason: string }[];
}

/** Page loads, failed loads, errors and load times per module version over the last 7 or 28 days (admin only). */
export const useModuleHealth = (days: WindowDays) =>
  useQuery({
    queryKey: ['admin', 'module-health', days],
    queryFn: () => reportsApi.moduleHealth(days),
    staleTime: 0,
  });

/** The same counts for one module since its canary started: the comparison the automatic withdrawal makes. */
export const useCanaryComparisons = (canaries: RolloutStatus['canaries']) =>
  useQueries({
    queries: canaries.map((c) => ({
      queryKey: ['admin', 'module-health', c.remote, c.since],
      queryFn: () => reportsApi.moduleHealthSince(c.remote, c.since),
      staleTime: 0,
    })),
  });

/** The site's own file (same origin as this page), not the API's: the site server owns the deploy folder. */
export const useRolloutStatus = () =>
  useQuery({
    queryKey: ['admin', 'rollout-status'],
    queryFn: async (): Promise<RolloutStatus> => {
      const response = await fetch('/rollout-status.json', { cache: 'no-store' });
      if (!response.ok) throw new Error(`rollout-status.json: HTTP ${response.status}`);
      const raw = (await response.json()) as Partial<RolloutStatus>;
      return { canaries: Array.isArray(raw.canaries) ? raw.canaries : [], withdrawn: Array.isArray(raw.withdrawn) ? raw.withdrawn : [] };
    },
    staleTime: 0,
  });

export const ROLE_LABEL: Record<ModuleRole, string> = { live: 'Live', canary: 'Canary', preview: 'Preview', override: 'Override' };

/** A version's rows per module, live first, then canary, preview and override; each with its share of the module's page loads. */
export function byModule(rows: ModuleVersionHealth[]): { module: string; rows: (ModuleVersionHealth & { share: number })[] }[] {
  const order: ModuleRole[] = ['live', 'canary', 'preview', 'override'];
  const modules = new Map<string, ModuleVersionHealth[]>();
  for (const row of rows) modules.set(row.module, [...(modules.get(row.module) ?? []), row]);
  return [...modules].sort(([a], [b]) => a.localeCompare(b)).map(([module, list]) => {
    const total = list.reduce((n, r) => n + r.views, 0);
    const sorted = [...list].sort((a, b) => order.indexOf(a.role) - order.indexOf(b.role) || a.version.localeCompare(b.version));
    return { module, rows: sorted.map((r) => ({ ...r, share: total ? r.views / total : 0 })) };
  });
}

export const percent = (ratio: number) => `${(ratio * 100).toFixed(1)} %`;

/** dd.mm.yyyy hh:mm in the admin's time zone. */
export function formatMoment(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
