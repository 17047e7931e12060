import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { couponKeys, couponsApi, type CouponPageParams } from '@institute/shared/api';
import type { CouponInput } from '@institute/shared/contract';

/** One page of coupons as the server sorted and searched it; the last page stays on screen while the next loads. */
export const useCoupons = (query: Required<CouponPageParams>) => useQuery({
  queryKey: couponKeys.page(query),
  queryFn: ({ signal }) => couponsApi.page(query, signal),
  placeholderData: keepPreviousData,
});

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
