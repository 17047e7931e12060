import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { planKeys, plansApi } from '@institute/shared/api';
import type { PaymentPlanInput } from '@institute/shared/contract';

/** Every plan of one course or program, retired ones included (decision 051). */
export const useProgramPlans = (programId: string) =>
  useQuery({ queryKey: planKeys.admin(programId), queryFn: () => plansApi.ofProgram(programId) });

export function usePlanMutations(programId: string) {
  const client = useQueryClient();
  // What students are offered changes too: the program's public list is read again.
  const refresh = () => Promise.all([
    client.invalidateQueries({ queryKey: planKeys.admin(programId) }),
    client.invalidateQueries({ queryKey: planKeys.offered(programId) }),
  ]);
  return {
    create: useMutation({ mutationFn: (body: PaymentPlanInput) => plansApi.create(body), onSuccess: refresh }),
    retire: useMutation({ mutationFn: (id: string) => plansApi.retire(id), onSuccess: refresh }),
  };
}
