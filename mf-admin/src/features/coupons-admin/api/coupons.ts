import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { couponKeys, couponsApi, coursesApi, quickProgramsApi, type CouponPageParams } from '@institute/shared/api';
import type { CouponInput } from '@institute/shared/contract';

/** One page of coupons as the server sorted and searched it; the last page stays on screen while the next loads. */
export const useCoupons = (query: Required<CouponPageParams>) => useQuery({
  queryKey: couponKeys.page(query),
  queryFn: ({ signal }) => couponsApi.page(query, signal),
  placeholderData: keepPreviousData,
});

/** The courses and quick programs a coupon can be limited to. */
export function useCouponTargets() {
  const courses = useQuery({ queryKey: ['courses', 'all-titles'], queryFn: () => coursesApi.list(), staleTime: 60_000 });
  const programs = useQuery({ queryKey: ['quick-programs', 'all-titles'], queryFn: () => quickProgramsApi.list(), staleTime: 60_000 });
  return { courses, programs };
}

/** Create, edit and deactivate; each refreshes the list (usage counts included) from the server. */
export function useCouponMutations() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: couponKeys.all });
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id: string | null; body: CouponInput }) => (id ? couponsApi.update(id, body) : couponsApi.create(body)),
      onSuccess,
    }),
    deactivate: useMutation({ mutationFn: (id: string) => couponsApi.deactivate(id), onSuccess }),
  };
}
