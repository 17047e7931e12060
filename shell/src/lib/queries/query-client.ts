import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@institute/shared/api';
import { sessionAwareQueryCache } from '@institute/shared/auth';

/** A refused session (401) is not asked again: the visitor is sent to sign in at once. Other failures: once more. */
const retryOnce = (failures: number, error: unknown) => failures < 1 && !(error instanceof ApiError && error.status === 401);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: sessionAwareQueryCache(),
    defaultOptions: { queries: { retry: retryOnce, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
}
