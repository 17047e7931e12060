import { useId } from 'react';
import { useSearchParams } from '@institute/shared/router';
import type { Inquiry, InquiryStatus } from '@institute/shared/contract';
import { EmptyState, ErrorState, Spinner } from '@institute/shared/ui';
import { Pager } from '../../../components/pager';
import { ListToolbar } from '../../../components/list-toolbar';
import { useListFilters } from '../../../lib/use-list-filters';
import { INQUIRY_STATUSES, useInquiries } from '../api/inquiries';
import { InquiryDetail, receivedAt } from './inquiry-detail';
import ui from '../../../components/admin-ui.module.css';

const PAGE_SIZE = 20;
const NO_SORTS = ['newest'] as const;
export const statusLabel = (status: InquiryStatus) => INQUIRY_STATUSES.find(([key]) => key === status)?.[1] ?? status;

/**
 * The leads inbox (issue 31): every contact message and appointment request, newest first, searched and filtered by
 * status, a page at a time. The words, the status, the page and the open inquiry live in the URL (decision 033), so a
 * reload, Back or a link a colleague sends opens the same view.
 */
export function InquiriesSection() {
  const id = useId();
  const filters = useListFilters(NO_SORTS, 'newest');
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status') ?? '';
  const status = INQUIRY_STATUSES.some(([key]) => key === statusParam) ? (statusParam as InquiryStatus) : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const open = params.get('inquiry');
  const inbox = useInquiries({ page, limit: PAGE_SIZE, q: filters.q, status });

  const setParam = (key: string, value: string, drop: string[] = []) => setParams((next) => {
    if (value) next.set(key, value);
    else next.delete(key);
    for (const other of drop) next.delete(other);
    return next;
  });

  return (
    <>
      <ListToolbar noun="inquiries" search={filters.search} onSearch={filters.setSearch} />
      <div className={ui.listBar}>
        <div className={ui.field}>
          <label htmlFor={`${id}-status`}>Status</label>
          <select id={`${id}-status`} className={ui.input} value={status} onChange={(e) => setParam('status', e.target.value, ['page'])}>
            <option value="">All</option>
            {INQUIRY_STATUSES.map(([key, label]) => <option key={key} value={key}>{label}</option>)}
          </select>
        </div>
      </div>
      {inbox.isPending ? <Spinner label="Loading inquiries..." /> : null}
      {inbox.isError ? <ErrorState>Failed to load inquiries. Please try again.</ErrorState> : null}
      {inbox.data && inbox.data.items.length === 0 ? <EmptyState>No inquiries found</EmptyState> : null}
      {inbox.data && inbox.data.items.length > 0 ? (
        <div className={ui.tableWrap}>
          <table className={`${ui.table} ${ui.cards}`} aria-busy={inbox.isFetching}>
            <caption>Inquiries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Received</th>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Type</th>
                <th scope="col">Status</th>
                <th scope="col">Assignee</th>
                <th scope="col">Student</th>
              </tr>
            </thead>
            <tbody>
              {inbox.data.items.map((row: Inquiry) => (
                <tr key={row._id} aria-current={row._id === open ? 'true' : undefined}>
                  <td data-label="Received">{receivedAt(row.createdAt)}</td>
                  <td data-label="Name" className={ui.wrapAnywhere}>
                    <button type="button" className={`${ui.secondary} ${ui.small}`} onClick={() => setParam('inquiry', row._id)}
                      aria-label={`Open the inquiry of ${row.name}`}>{row.name}</button>
                  </td>
                  <td data-label="Email" className={ui.wrapAnywhere}>{row.email}</td>
                  <td data-label="Type">{row.kind === 'appointment' ? 'Appointment' : 'Contact'}</td>
                  <td data-label="Status">{statusLabel(row.status)}</td>
                  <td data-label="Assignee">{row.assignee?.username ?? <span className={ui.muted}>Nobody</span>}</td>
                  <td data-label="Student">{row.student?.username ?? <span className={ui.muted}>No account</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {inbox.data ? <Pager page={page} limit={PAGE_SIZE} total={inbox.data.total} noun="inquiries" onPage={(next) => setParam('page', next > 1 ? String(next) : '')} /> : null}
      {open ? <InquiryDetail id={open} onClose={() => setParam('inquiry', '')} /> : null}
    </>
  );
}
