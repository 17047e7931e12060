import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, queryKeys, quickProgramsApi } from '@institute/shared/api';
import type { QuickProgram } from '@institute/shared/contract';

/**
 * One program by id; the shared client adds the bearer when a token is stored (optional for this call).
 * An unknown id (the API's 404) or an empty body becomes null (react-query rejects undefined data): the page says
 * "Program not found." and the site server answers it with a 404, rather than an error retried and re-rendered.
 */
export const quickProgramQuery = (id: string) => queryOptions({
  queryKey: queryKeys.quickProgram(id),
  queryFn: async (): Promise<QuickProgram | null> => {
    try {
      return (await quickProgramsApi.get(id)) ?? null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  enabled: id !== '',
});

export function useQuickProgram(id: string) {
  return useQuery(quickProgramQuery(id));
}
