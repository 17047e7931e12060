import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { advisingApi, advisingKeys } from '@institute/shared/api';
import type { AdvisingSlotInput } from '@institute/shared/contract';

export type SlotsShown = 'upcoming' | 'past';

export const useAdvisingSlots = (when: SlotsShown) => useQuery({ queryKey: advisingKeys.admin(when), queryFn: () => advisingApi.adminSlots(when) });

/** Publish and cancel; each reads the lists (the admin's and the visitors') again from the server. */
export function useAdvisingMutations() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: ['advising'] });
  return {
    publish: useMutation({ mutationFn: (body: AdvisingSlotInput) => advisingApi.publish(body), onSuccess }),
    cancel: useMutation({ mutationFn: ({ id, reason }: { id: string; reason: string }) => advisingApi.cancelSlot(id, reason), onSuccess }),
  };
}
