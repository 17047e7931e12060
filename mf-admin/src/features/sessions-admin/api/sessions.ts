import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { certificatesApi, classSessionKeys, classSessionsApi, type SessionOwner } from '@institute/shared/api';
import type { ClassSessionInput } from '@institute/shared/contract';

/** Every session of one course or program, past and cancelled included. */
export const useAdminSessions = (owner: SessionOwner | null) =>
  useQuery({
    queryKey: owner ? classSessionKeys.admin(owner) : ['class-sessions', 'none'],
    queryFn: () => classSessionsApi.list(owner!, { all: true }),
    enabled: owner !== null,
  });

export function useSessionMutations() {
  const client = useQueryClient();
  // The public lists (seats, status) change too: everything under class-sessions is refreshed.
  const refresh = () => void client.invalidateQueries({ queryKey: classSessionKeys.all });
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id?: string; body: ClassSessionInput }) => (id ? classSessionsApi.update(id, body) : classSessionsApi.create(body)),
      onSuccess: refresh,
    }),
    act: useMutation({
      mutationFn: ({ id, action }: { id: string; action: 'close' | 'reopen' | 'cancel' }) =>
        action === 'close' ? classSessionsApi.close(id) : action === 'cancel' ? classSessionsApi.cancel(id) : classSessionsApi.reopen(id),
      onSuccess: refresh,
    }),
  };
}

export const useRoster = (sessionId: string) =>
  useQuery({ queryKey: classSessionKeys.roster(sessionId), queryFn: () => classSessionsApi.roster(sessionId) });

export const useWaitlist = (sessionId: string) =>
  useQuery({ queryKey: classSessionKeys.waitlist(sessionId), queryFn: () => classSessionsApi.waitlist(sessionId) });

export function useReorderWaitlist(sessionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (order: string[]) => classSessionsApi.reorderWaitlist(sessionId, order),
    onSettled: () => void client.invalidateQueries({ queryKey: classSessionKeys.waitlist(sessionId) }),
  });
}

/**
 * Completes the whole class list (issue 31): one certificate per seated student with nothing due; the server says
 * who was skipped and why. The list, and every student record, read again.
 */
export function useCompleteClass(sessionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => certificatesApi.completeClass(sessionId),
    onSuccess: () => Promise.all([
      client.invalidateQueries({ queryKey: classSessionKeys.roster(sessionId) }),
      client.invalidateQueries({ queryKey: ['students'] }),
    ]),
  });
}
