import { useId, useState, type FormEvent } from 'react';
import { messageFor } from '@institute/shared/api';
import type { ErasureRequest } from '@institute/shared/contract';
import { useDecideErasure, useErasureRequests } from '../api/erasure-requests';
import { AdminTable, type Column } from '../../../components/admin-table';
import ui from '../../../components/admin-ui.module.css';

export const ERASURE_TEXT = {
  caption: 'Erasure requests',
  confirmApprove: (username: string) => `Erase the personal data of ${username}? This cannot be undone. ` +
    'Payments, receipts and ledger rows are kept under an anonymous name; sign-in ends for good.',
  approved: (name: string) => `The data was erased. The student's payments and receipts now read "${name}".`,
  declined: 'The request was declined and the student was emailed the reason.',
  reasonLabel: 'Reason for declining (emailed to the student)',
  status: { pending: 'Waiting', approved: 'Erased', declined: 'Declined' },
} as const;

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** In the Users section when there are requests: the admin approves (erases) or declines with a reason. */
export function ErasureRequests() {
  const requests = useErasureRequests();
  const decide = useDecideErasure();
  const [declining, setDeclining] = useState<ErasureRequest | null>(null);
  const [reason, setReason] = useState('');
  const reasonId = useId();

  if (!requests.data || requests.data.length === 0) return null;
  const approve = (request: ErasureRequest) => {
    if (!window.confirm(ERASURE_TEXT.confirmApprove(request.user?.username ?? `#${request.number}`))) return;
    decide.mutate({ id: request.id, verb: 'approve' });
  };
  const decline = (event: FormEvent) => {
    event.preventDefault();
    if (!declining) return;
    decide.mutate({ id: declining.id, verb: 'decline', reason }, { onSuccess: () => { setDeclining(null); setReason(''); } });
  };
  const done = decide.isSuccess ? decide.data : null;
  const columns: Column<ErasureRequest>[] = [
    { header: 'Requested', cell: (r) => when(r.requestedAt) },
    {
      header: 'Student', className: ui.wrapAnywhere,
      cell: (r) => (r.user ? `${r.user.username} (${r.user.email})` : <span className={ui.muted}>Account deleted</span>),
    },
    {
      header: 'Status',
      cell: (r) => (
        <>
          {ERASURE_TEXT.status[r.status]}
          {r.decidedAt ? <span className={ui.muted}> {when(r.decidedAt)}{r.decidedBy ? ` by ${r.decidedBy.username}` : ''}</span> : null}
          {r.decisionReason ? <span className={ui.muted}>: {r.decisionReason}</span> : null}
        </>
      ),
    },
    {
      header: 'Actions',
      cell: (r) => (r.status === 'pending' ? (
        <div className={ui.actions}>
          <button type="button" className={`${ui.danger} ${ui.small}`} disabled={decide.isPending}
            aria-label={`Approve and erase ${r.user?.username ?? `request #${r.number}`}`} onClick={() => approve(r)}>Approve and erase</button>
          <button type="button" className={`${ui.secondary} ${ui.small}`} disabled={decide.isPending}
            aria-label={`Decline the request of ${r.user?.username ?? `#${r.number}`}`} onClick={() => setDeclining(r)}>Decline</button>
        </div>
      ) : <span className={ui.muted}>Decided</span>),
    },
  ];

  return (
    <>
      {decide.isError ? <p role="alert" className={ui.error}>{messageFor(decide.error, 'The decision could not be saved')}</p> : null}
      {done?.status === 'approved' ? <p role="status" className={ui.success}>{ERASURE_TEXT.approved(done.user?.username ?? '')}</p> : null}
      {done?.status === 'declined' ? <p role="status" className={ui.success}>{ERASURE_TEXT.declined}</p> : null}
      <AdminTable caption={ERASURE_TEXT.caption} columns={columns} rows={requests.data} rowKey={(r) => r.id} empty={null} busy={requests.isFetching} />
      {declining ? (
        <form className={ui.form} onSubmit={decline} aria-label={`Decline the request of ${declining.user?.username ?? `#${declining.number}`}`}>
          <div className={ui.field}>
            <label htmlFor={reasonId}>{ERASURE_TEXT.reasonLabel}</label>
            <input id={reasonId} className={ui.input} required maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
          </div>
          <div className={ui.actions}>
            <button type="submit" className={ui.button} disabled={decide.isPending}>Decline request</button>
            <button type="button" className={ui.secondary} onClick={() => setDeclining(null)}>Cancel</button>
          </div>
        </form>
      ) : null}
    </>
  );
}
