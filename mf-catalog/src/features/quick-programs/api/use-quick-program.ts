import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys, quickProgramsApi } from '@institute/shared/api';
import type { QuickProgram } from '@institute/shared/contract';

/**
 * One program by id; the shared client adds the bearer when a token is stored (optional for this call).
 * An empty body becomes null (react-query rejects undefined data) so the page can say "Program not found.".
 */
export const quickProgramQuery = (id: string) => queryOptions({
  queryKey: queryKeys.quickProgram(id),
  queryFn: async (): Promise<QuickProgram | null> => (await quickProgramsApi.get(id)) ?? null,
  enabled: id !== '',
});

export function useQuickProgram(id: string) {
  return useQuery(quickProgramQuery(id));
}
