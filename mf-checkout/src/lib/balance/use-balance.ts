import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@institute/shared/auth';
import { paymentCheckQuery, readBalance, type Balance } from './payment-check';

export interface BalanceView {
  balance: Balance;
  /** Nothing is known yet and a check is in flight. */
  checking: boolean;
  /** The check failed and nothing is known; the balance then reads `unpaid`. */
  failed: boolean;
  retry(): void;
}

/** The signed-in student's balance for a program; a visitor has none and gets the spec's unpaid behaviour. */
export function useBalance(programId: string): BalanceView {
  const { token, user } = useAuth();
  const enabled = Boolean(token) && Boolean(programId);
  const query = useQuery({ ...paymentCheckQuery(programId, user?.id ?? ''), enabled });
  return {
    balance: enabled ? readBalance(query.data) : { kind: 'unpaid' },
    // Known-nothing and fetching covers the first check and a retry after a failure alike.
    checking: enabled && query.data === undefined && query.isFetching,
    failed: enabled && query.data === undefined && query.isError && !query.isFetching,
    retry: () => void query.refetch(),
  };
}
