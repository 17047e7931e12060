import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { classSessionKeys, classSessionsApi, invoiceKeys, invoicesApi, type SessionOwner } from '@institute/shared/api';
import { adminUsersApi } from '@institute/shared/api/admin';
import type { InvoiceInput, InvoicePaymentInput, User } from '@institute/shared/contract';

/** The invoices, newest first (the server keeps the latest hundred in view). */
export const useInvoices = () => useQuery({ queryKey: invoiceKeys.list(), queryFn: ({ signal }) => invoicesApi.list(signal) });

/** The sessions of a course or program still taking students (open), as the admin chooses one for the team. */
export const useOpenSessions = (owner: SessionOwner | null) =>
  useQuery({
    queryKey: owner ? classSessionKeys.admin(owner) : ['class-sessions', 'none'],
    queryFn: () => classSessionsApi.list(owner!, { all: true }),
    enabled: owner !== null,
    select: (sessions) => sessions.filter((s) => s.status === 'open'),
  });

/** The student account with exactly this email, or null: the admin names students by the email they signed up with. */
export async function findStudent(email: string): Promise<User | null> {
  const wanted = email.trim().toLowerCase();
  const page = await adminUsersApi.page({ q: wanted, role: 'user', page: 1, limit: 10 });
  return page.items.find((user) => user.email.toLowerCase() === wanted) ?? null;
}

/** Issuing takes seats and every change moves money: the invoices and the sessions' seat counts are read again. */
export function useInvoiceMutations() {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: invoiceKeys.all });
    void client.invalidateQueries({ queryKey: classSessionKeys.all });
  };
  return {
    issue: useMutation({ mutationFn: (body: InvoiceInput) => invoicesApi.issue(body), onSuccess: refresh }),
    pay: useMutation({ mutationFn: ({ id, body }: { id: string; body: InvoicePaymentInput }) => invoicesApi.recordPayment(id, body), onSuccess: refresh }),
    void: useMutation({ mutationFn: ({ id, reason }: { id: string; reason: string }) => invoicesApi.void(id, reason), onSuccess: refresh }),
  };
}
