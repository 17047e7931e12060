import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ledgerApi, ledgerKeys, queryKeys } from '@institute/shared/api';
import { adminLedgerApi } from '@institute/shared/api/admin';
import type { OfflineMethod } from '@institute/shared/contract';

export const METHOD_NAMES: Record<OfflineMethod, string> = {
  cash: 'Cash', check: 'Check', bank_transfer: 'Bank transfer', sponsor: 'Employer or agency sponsor', financing: 'Financing',
};
/** In the order the form offers them; a method the API adds is a compile error in METHOD_NAMES first. */
export const METHODS = Object.keys(METHOD_NAMES) as OfflineMethod[];

/**
 * The id a dialog sends with its write: one per opened dialog, so a retry after a lost answer finds the row the
 * first attempt made instead of recording the money twice (decision 043).
 */
export function newRequestId(): string {
  return globalThis.crypto.randomUUID();
}

export const useStudentLedger = (userId: string) => useQuery({
  queryKey: ledgerKeys.student(userId),
  queryFn: ({ signal }) => ledgerApi.student(userId, signal),
});

/** A program the student has no money or seat in yet: its balance is still the server's, read on choosing it. */
export const useProgramBalance = (userId: string, programId: string | null) => useQuery({
  queryKey: ['ledger', 'student', userId, 'balance', programId ?? undefined],
  queryFn: ({ signal }) => adminLedgerApi.balance(userId, programId!, signal),
  enabled: programId !== null,
});

/** After any ledger write the balance, the payments list and the receivables are read again from the server. */
export function useLedgerWrite<TInput, TResult>(write: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ledgerKeys.all }),
        client.invalidateQueries({ queryKey: queryKeys.payments }),
      ]);
    },
  });
}
