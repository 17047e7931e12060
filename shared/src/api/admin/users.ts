import type { AdminPayment, Page, User } from '../../contract';
import { request } from '@institute/shared/api';
import { listSearch, type AdminListQuery } from './list-query';

export interface UsersQuery extends AdminListQuery {
  role: '' | 'user' | 'admin';
}

export interface PaymentsQuery extends AdminListQuery {
  status: string;
}

/** The admin's user list: pages sorted and filtered by the server, and the role an account holds. */
export const adminUsersApi = {
  /** Any part of a query: the values left out or empty are not sent. */
  page: (query: Partial<UsersQuery>) => request<Page<User>>(`/api/admin/users?${listSearch(query)}`, { auth: true }),
  /** The server refuses to demote the last admin (409). */
  setRole: (id: string, role: User['role']) =>
    request<User>(`/api/users/${encodeURIComponent(id)}/role`, { method: 'PUT', body: { role }, auth: true }),
};

export const adminPaymentsApi = {
  page: (query: PaymentsQuery) => request<Page<AdminPayment>>(`/api/admin/payments?${listSearch(query)}`, { auth: true }),
};
