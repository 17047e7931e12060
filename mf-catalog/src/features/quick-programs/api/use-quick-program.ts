import { useQuery } from '@tanstack/react-query';
import { quickProgramQuery } from '@institute/shared/api';

/** The shared query (the route's prefetch and the site server's render read the same entry, decision 031). */
export { quickProgramQuery };

export function useQuickProgram(id: string) {
  return useQuery(quickProgramQuery(id));
}
