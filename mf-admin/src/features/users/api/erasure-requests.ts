import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { privacyApi, privacyKeys, queryKeys } from '@institute/shared/api';

/** Erasure requests (issue 31, decision 048): open ones first. */
export const useErasureRequests = () => useQuery({ queryKey: privacyKeys.requests, queryFn: () => privacyApi.list() });

/** A decision changes the request and, on approval, the user's row: both lists are read again. */
export function useDecideErasure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, verb, reason }: { id: string; verb: 'approve' | 'decline'; reason?: string }) =>
      (verb === 'approve' ? privacyApi.approve(id, reason) : privacyApi.decline(id, reason ?? '')),
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: privacyKeys.requests }), client.invalidateQueries({ queryKey: queryKeys.users })]);
    },
  });
}
