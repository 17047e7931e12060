import { useEffect } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { certificatesApi, classSessionKeys, ledgerKeys, recordKeys, studentRecordsApi } from '@institute/shared/api';
import { adminRecordsApi, type GrowingList } from '@institute/shared/api/admin';
import type { StudentRecord } from '@institute/shared/contract';

export const useStudentRecord = (userId: string) =>
  useQuery({ queryKey: recordKeys.student(userId), queryFn: () => studentRecordsApi.get(userId), retry: false });

type PageOf<L extends GrowingList> = StudentRecord[L];
const PAGE = 20;

/**
 * A list that grows (payments, emails, notes): the record's first page, then older pages through the list's own
 * keyset route. The cursor names the last row shown, so rows added meanwhile never shift what comes next.
 */
export function useGrowingList<L extends GrowingList>(userId: string, list: L, first: PageOf<L>) {
  return useInfiniteQuery({
    queryKey: [...recordKeys.student(userId), list, first],
    queryFn: ({ pageParam }) => (pageParam === null ? Promise.resolve(first)
      : adminRecordsApi.older(userId, list, pageParam, PAGE)),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });
}

/** Every change on the page reads the record again: balances, certificates and emails all move together. */
function useRecordRefresh(userId: string) {
  const client = useQueryClient();
  return () => Promise.all([
    client.invalidateQueries({ queryKey: recordKeys.student(userId) }),
    client.invalidateQueries({ queryKey: classSessionKeys.all }),
  ]);
}

export function useAddStudentNote(userId: string) {
  const refresh = useRecordRefresh(userId);
  return useMutation({ mutationFn: (body: string) => studentRecordsApi.addNote(userId, body), onSuccess: refresh });
}

export function useCompleteEnrollment(userId: string) {
  const refresh = useRecordRefresh(userId);
  return useMutation({ mutationFn: (enrollmentId: string) => certificatesApi.complete(enrollmentId), onSuccess: refresh });
}

export function useRevokeCertificate(userId: string) {
  const refresh = useRecordRefresh(userId);
  return useMutation({
    mutationFn: ({ certificateId, reason }: { certificateId: string; reason: string }) => certificatesApi.revoke(certificateId, reason),
    onSuccess: refresh,
  });
}

/**
 * The ledger panel (issue 30) writes through its own calls and refreshes its own keys: when they are invalidated
 * after a payment, credit, void or manual enrollment, this record (payments, balance, enrollments) is read again too.
 */
export function useFollowLedger(userId: string) {
  const client = useQueryClient();
  useEffect(() => client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'invalidate') return;
    if (event.query.queryKey[0] !== ledgerKeys.all[0]) return;
    void client.invalidateQueries({ queryKey: recordKeys.student(userId) });
  }), [client, userId]);
}
