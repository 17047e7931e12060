import { useId } from 'react';
import { useSearchParams } from '@institute/shared/router';
import type { Inquiry, InquiryKind, InquiryStatus } from '@institute/shared/contract';
import { ErrorState, Spinner } from '@institute/shared/ui';
import { AdminTable, type Column } from '../../../components/admin-table';
import { Pager } from '../../../components/pager';
import { ListToolbar } from '../../../components/list-toolbar';
import { useListFilters } from '../../../lib/use-list-filters';
import { INQUIRY_STATUSES, useInquiries } from '../api/inquiries';
import { InquiryDetail, receivedAt } from './inquiry-detail';
import ui from '../../../components/admin-ui.module.css';

const KIND_LABEL: Record<InquiryKind, string> = { contact: 'Contact', appointment: 'Appointment', advising: 'Advising' };

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

  const columns: Column<Inquiry>[] = [
    { header: 'Received', cell: (row) => receivedAt(row.createdAt) },
    {
      header: 'Name',
      className: ui.wrapAnywhere,
      cell: (row) => (
        <button type="button" className={`${ui.secondary} ${ui.small}`} onClick={() => setParam('inquiry', row._id)}
          aria-label={`Open the inquiry of ${row.name}`}>{row.name}</button>
      ),
    },
    { header: 'Email', cell: (row) => row.email, className: ui.wrapAnywhere },
    { header: 'Type', cell: (row) => KIND_LABEL[row.kind] },
    { header: 'Status', cell: (row) => statusLabel(row.status) },
    { header: 'Assignee', cell: (row) => row.assignee?.username ?? <span className={ui.muted}>Nobody</span> },
    { header: 'Student', cell: (row) => row.student?.username ?? <span className={ui.muted}>No account</span> },
  ];

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
      {inbox.data ? (
        <AdminTable caption="Inquiries, newest first" columns={columns} rows={inbox.data.items} rowKey={(row) => row._id} empty="No inquiries found"
          busy={inbox.isFetching} isCurrent={(row) => row._id === open} />
      ) : null}
      {inbox.data ? <Pager page={page} limit={PAGE_SIZE} total={inbox.data.total} noun="inquiries" onPage={(next) => setParam('page', next > 1 ? String(next) : '')} /> : null}
      {open ? <InquiryDetail id={open} onClose={() => setParam('inquiry', '')} /> : null}
    </>
  );
}
